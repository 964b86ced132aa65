import "server-only";
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { executePrepared } from "@/lib/db/prepared";
import { foreignKeyViolation } from "@/lib/errors";
import { journals, type Journal } from "@/lib/db/schema";

// Reads, exact and cheap to count (docs/decisions/051): a feed page records one `journal_reads`
// row per entry, viewer and UTC day, and nothing else; housekeeping later folds the rows of past
// days into `journals.reads_count` (`foldPastReads`). An entry's reads are therefore always
//   reads_count (the folded days) + its journal_reads rows (the days not folded yet),
// one short range of the table's primary key. A feed page never updates a `journals` row, so
// viewers who share friends no longer queue on the same rows' locks, and the page itself is a
// pure read.

/** The journal_reads rows of `journalId` not folded yet; `journalId` is a column or an SQL expression. */
export function unfoldedReads(journalId: SQL | typeof journals.id): SQL<number> {
  return sql<number>`(select count(*) from journal_reads r where r.journal_id = ${journalId})::int`;
}

/** An entry's reads, for a select from `journals`: the folded count plus the rows not folded yet. */
export function readsTotal(): SQL<number> {
  return sql<number>`(${journals.readsCount} + ${unfoldedReads(journals.id)})::int`.mapWith(Number);
}

/**
 * The columns of `journals` toJournalJson shows, with `readsCount` the entry's reads
 * (`readsTotal`). Never `search` nor `tags` (docs/decisions/060): only PostgreSQL reads those, and a
 * search vector is larger than the entry's text.
 */
export function journalColumns() {
  const { search, tags, textBytes, ...shown } = getTableColumns(journals);
  void search;
  void tags;
  void textBytes;
  return { ...shown, readsCount: readsTotal() };
}

/** A row of `journalColumns()`. */
export type JournalRow = Omit<Journal, "search" | "tags" | "textBytes">;

const today = sql`(now() at time zone 'UTC')::date`;

/**
 * Records that `viewerId` read `journalIds` today (UTC): one row each, a read already there left
 * alone. Keys are inserted in order, so two pages of the same viewer at once cannot deadlock. An
 * entry gone from the primary is left out: the page may have come from a replica that has not
 * applied its deletion yet, or it was deleted since; one deleted between the join and the insert
 * fails the statement's foreign key, and the statement is run once more without it.
 */
export async function recordReads({
  db,
  viewerId,
  journalIds,
}: {
  db: Db;
  viewerId: string;
  journalIds: string[];
}): Promise<void> {
  if (!journalIds.length) return;
  const ids = [...new Set(journalIds)].sort();
  const insert = sql`
    insert into journal_reads (journal_id, viewer_id, day)
    select j.id, ${viewerId}::uuid, ${today} from unnest(${`{${ids.join(",")}}`}::uuid[]) as read(id) join journals j on j.id = read.id
    order by j.id
    on conflict do nothing`;
  try {
    await executePrepared(db, insert);
  } catch (err) {
    if (!foreignKeyViolation(err)) throw err;
    await executePrepared(db, insert);
  }
}

const FOLD_BATCH_SIZE = 5_000;

/**
 * Moves the read rows of days before today (UTC) into their entries' `reads_count`, `batchSize`
 * rows a statement: the rows deleted and the counters raised in one statement, so a reader sees
 * either the rows or the count, never both or neither. Rows a page is inserting are skipped.
 * Returns how many rows were folded.
 */
export async function foldPastReads({
  db,
  batchSize = FOLD_BATCH_SIZE,
}: {
  db: Db;
  batchSize?: number;
}): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await db.execute<{ folded: number }>(sql`
      with batch as (
        select ctid from journal_reads where day < ${today} limit ${batchSize}::int for update skip locked
      ),
      moved as (
        delete from journal_reads r using batch b where r.ctid = b.ctid returning r.journal_id
      ),
      per_entry as (
        select journal_id, count(*)::int as n from moved group by journal_id
      ),
      raised as (
        update journals j set reads_count = j.reads_count + p.n from per_entry p where j.id = p.journal_id returning p.n
      )
      select coalesce(sum(n), 0)::int as folded from raised`);
    const folded = Number(rows[0]?.folded ?? 0);
    total += folded;
    if (folded < batchSize) return total;
  }
}
