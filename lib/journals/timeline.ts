import "server-only";
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { DiaryEntry, TagCount, TimelinePage } from "@/lib/contract/diary";
import type { Db } from "@/lib/db/client";
import { journals } from "@/lib/db/schema";
import { TIMELINE_PAGE_BYTES } from "@/lib/validation/diary-limits";
import { toJournalJson } from "./json";
import { journalColumns, type JournalRow } from "./reads";
import { excerptOf } from "./search-text";

// The writer's own diary read back as a list (docs/product.md "Read back"): newest journal day
// first, a page at a time after the day the previous page ended on. The day is unique per writer
// (journals_author_day_key), so it is the whole keyset and that index serves every page.

/** An entry as the List view shows it: the Journal object and its opening lines. */
export async function toDiaryEntry({
  db,
  row,
  viewerId,
}: {
  db: Db;
  row: JournalRow;
  viewerId: string;
}): Promise<DiaryEntry> {
  return { ...(await toJournalJson({ db, row, viewerId })), excerpt: excerptOf(row.content) };
}

/**
 * One page of the author's entries, newest day first, strictly before `cursor` (a journal day) when
 * given: at most `limit`, and no more of them than TIMELINE_PAGE_BYTES of text holds (at least one).
 * Their sizes are read first (text_bytes, kept by PostgreSQL), so no text past the bound is read.
 */
export async function listTimeline({
  db,
  authorId,
  limit,
  cursor,
}: {
  db: Db;
  authorId: string;
  limit: number;
  cursor?: string;
}): Promise<TimelinePage> {
  const mine = and(eq(journals.authorId, authorId), cursor ? lt(journals.journalDate, cursor) : undefined);
  const sizes = await db
    .select({ day: journals.journalDate, bytes: journals.textBytes })
    .from(journals)
    .where(mine)
    .orderBy(desc(journals.journalDate))
    .limit(limit + 1);
  let count = 0;
  for (let bytes = 0; count < Math.min(limit, sizes.length); count++) {
    bytes += sizes[count]!.bytes;
    if (count > 0 && bytes > TIMELINE_PAGE_BYTES) break;
  }
  if (!count) return { journals: [], nextCursor: null };
  const rows = await db
    .select(journalColumns())
    .from(journals)
    .where(and(mine, gte(journals.journalDate, sizes[count - 1]!.day)))
    .orderBy(desc(journals.journalDate))
    .limit(count);
  return {
    journals: await Promise.all(rows.map((row) => toDiaryEntry({ db, row, viewerId: authorId }))),
    // Entries written or deleted between the two reads change nothing: the page ends where its rows end.
    nextCursor: count < sizes.length && rows.length ? rows[rows.length - 1]!.journalDate : null,
  };
}

/** The author's tags and how many entries carry each, most used first, then by name. */
export async function listTags({ db, authorId }: { db: Db; authorId: string }): Promise<TagCount[]> {
  const { rows } = await db.execute<{ tag: string; count: number }>(sql`
    select t.tag, count(*)::int as count
    from ${journals} j cross join lateral unnest(j.tags) as t(tag)
    where j.author_id = ${authorId}
    group by t.tag
    order by count desc, t.tag
    limit 500`);
  return rows.map((r) => ({ tag: r.tag, count: Number(r.count) }));
}
