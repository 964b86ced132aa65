import "server-only";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Entry, ZipFile } from "yauzl";
import type { Db } from "@/lib/db/client";
import { imports } from "@/lib/db/schema";
import { logError } from "@/lib/log";
import type { Storage } from "@/lib/storage";
import { EARLIEST_JOURNAL_DATE, latestJournalDate } from "@/lib/validation/journal";
import type { DayOneEntry } from "./day-one";
import { journalEntries, NotAJournalError } from "./journal-entries";
import { JOURNAL_UNREADABLE_REASON, readJournalItem } from "./journal-rules";
import { importKey, importTempPath, removeImportTempFiles } from "./keys";
import {
  IMPORT_ENTRIES_MAX,
  IMPORT_JSON_MAX_BYTES,
  IMPORT_STOPPED_MESSAGE,
  IMPORT_TOO_MANY_ENTRIES_MESSAGE,
} from "./limits";
import { importDay } from "./pages";
import { ReportBuilder } from "./report";
import { classifyEntryName, openEntry, openZip, photoLookupName, zipEntries } from "./zip";

// The imports job (lib/jobs, docs/decisions/078): takes each queued import, copies its ZIP from
// storage to a temporary file (yauzl reads the central directory at the end), reads every journal
// entry by entry and makes one page a day, then deletes the ZIP. It runs in the job's own process
// (lib/jobs/job-process.ts, docs/decisions/093), whose death fails the import it held. Its row
// moves on as days are read, so /me shows progress, and an import whose worker vanished is failed
// after IMPORT_STALE_MS.

type ImportRow = typeof imports.$inferSelect;

/** A running import whose row has not moved in this long lost its worker: it is failed, and may be started again. */
export const IMPORT_STALE_MS = 10 * 60 * 1000;
/** The row's progress is written after this many days. */
const PROGRESS_EVERY = 10;

async function claimQueuedImport({ db }: { db: Db }): Promise<ImportRow | null> {
  const { rows } = await db.execute<{ id: string }>(sql`
    update imports set state = 'running', updated_at = now()
    where id = (select id from imports where state = 'queued' order by created_at limit 1 for update skip locked)
    returning id`);
  if (!rows[0]) return null;
  const [row] = await db.select().from(imports).where(eq(imports.id, rows[0].id));
  return row ?? null;
}

/** Whether any import waits to be read: the server starts a job process only then (lib/jobs/job-process.ts). */
export async function hasQueuedImports({ db }: { db: Db }): Promise<boolean> {
  const [row] = await db.select({ id: imports.id }).from(imports).where(eq(imports.state, "queued")).limit(1);
  return row !== undefined;
}

/** Fails imports whose worker went away mid-way, so their owners may start again (housekeeping deletes their ZIPs). */
export async function failStaleImports({ db, now }: { db: Db; now: Date }): Promise<number> {
  const { rowCount } = await db
    .update(imports)
    .set({ state: "failed", finishedAt: now, updatedAt: now })
    .where(and(eq(imports.state, "running"), lt(imports.updatedAt, new Date(now.getTime() - IMPORT_STALE_MS))));
  return rowCount ?? 0;
}

/** One journal's entries as Inkwell reads them, with their problems; kept only once the whole journal has been read. */
interface JournalRead {
  entries: DayOneEntry[];
  problems: string[];
}

/**
 * Every entry of every journal in the ZIP, by local day, or "too many" once the journals hold more
 * than IMPORT_ENTRIES_MAX entries together: then nothing more is read and no page is made
 * (docs/decisions/093). A journal that cannot be read whole adds nothing but its problem. Problems
 * and ignored files go in the report.
 */
async function readDays({
  zip,
  report,
  photos,
}: {
  zip: ZipFile;
  report: ReportBuilder;
  photos: Map<string, Entry>;
}): Promise<Map<string, DayOneEntry[]> | "too many"> {
  const journals: Entry[] = [];
  for await (const entry of zipEntries(zip)) {
    const kind = classifyEntryName(entry.fileName);
    if (kind === "journal") journals.push(entry);
    else if (kind === "photo") {
      const name = photoLookupName(entry.fileName);
      if (!photos.has(name)) photos.set(name, entry);
    } else if (kind === "ignored") report.ignored(entry.fileName);
  }
  const days = new Map<string, DayOneEntry[]>();
  const latest = latestJournalDate();
  let counted = 0;
  for (const journal of journals) {
    const read: JournalRead = { entries: [], problems: [] };
    try {
      if (journal.uncompressedSize > IMPORT_JSON_MAX_BYTES) throw new NotAJournalError(JOURNAL_UNREADABLE_REASON);
      let i = 0;
      const text = await openEntry(zip, journal).catch(() => {
        throw new NotAJournalError(JOURNAL_UNREADABLE_REASON);
      });
      for await (const item of journalEntries(text)) {
        if (++counted > IMPORT_ENTRIES_MAX) return "too many";
        const { entry, problems } = readJournalItem(item, ++i, { earliest: EARLIEST_JOURNAL_DATE, latest });
        read.problems.push(...problems);
        if (entry) read.entries.push(entry);
      }
      report.report.entriesRead += i;
    } catch (err) {
      if (!(err instanceof NotAJournalError)) throw err;
      report.problem(journal.fileName, err.message);
      continue;
    }
    for (const problem of read.problems) report.problem(journal.fileName, problem);
    for (const entry of read.entries) {
      const list = days.get(entry.day);
      if (list) list.push(entry);
      else days.set(entry.day, [entry]);
    }
  }
  return days;
}

/** Reads one import's ZIP (at `path`) into pages: how many days it processed, or "too many" entries (and then it made none). */
async function importZip({
  db,
  storage,
  row,
  path,
  report,
  now,
}: {
  db: Db;
  storage: Storage;
  row: ImportRow;
  path: string;
  report: ReportBuilder;
  now: Date;
}) {
  const zip = await openZip(path);
  try {
    const photos = new Map<string, Entry>();
    const days = await readDays({ zip, report, photos });
    if (days === "too many") return days;
    await db
      .update(imports)
      .set({ total: days.size, updatedAt: sql`now()` })
      .where(eq(imports.id, row.id));
    let processed = 0;
    for (const day of [...days.keys()].sort()) {
      const entries = days.get(day)!.sort((a, b) => a.at - b.at);
      await importDay({ db, storage, zip, photos, userId: row.userId, day, entries, report, now });
      processed += 1;
      if (processed % PROGRESS_EVERY === 0)
        await db
          .update(imports)
          .set({ processed, updatedAt: sql`now()` })
          .where(eq(imports.id, row.id));
    }
    return processed;
  } finally {
    zip.close();
  }
}

/** Deletes an import's ZIP from storage once it has ended; a failure is logged, and housekeeping deletes it later. */
async function deleteImportZip({ db, storage, id, key }: { db: Db; storage: Storage; id: string; key: string }) {
  try {
    await storage.deleteObject({ key });
    await db.update(imports).set({ storageKey: null }).where(eq(imports.id, id));
  } catch (err) {
    logError("imports", `Could not delete the ZIP of import ${id}; housekeeping will`, err);
  }
}

export interface ImportRun {
  done: number;
  failed: number;
}

/**
 * One pass of the imports job: every queued import, one after the other. A failed one is marked
 * failed with what its report had; the log names the import, never its content. The ZIP leaves
 * storage either way (and housekeeping removes any a crash left behind, lib/maintenance/imports.ts).
 * `claimed` hears of each import as it is taken, before any of it is read: the job's own process
 * tells the server, which fails the import if the process dies with it (lib/jobs/job-process.ts).
 */
export async function runQueuedImports({
  db,
  storage,
  now = () => new Date(),
  claimed,
}: {
  db: Db;
  storage: Storage;
  now?: () => Date;
  claimed?: (id: string) => Promise<void>;
}): Promise<ImportRun> {
  const run: ImportRun = { done: 0, failed: 0 };
  await failStaleImports({ db, now: now() });
  for (let row = await claimQueuedImport({ db }); row; row = await claimQueuedImport({ db })) {
    await claimed?.(row.id);
    const key = row.storageKey ?? importKey({ userId: row.userId, importId: row.id });
    const temp = importTempPath(row.id);
    const report = new ReportBuilder();
    try {
      const file = await storage.getObjectStream({ key });
      if (!file) throw new Error("The uploaded ZIP is not in storage");
      await pipeline(file.body, createWriteStream(temp, { flags: "wx" }));
      const processed = await importZip({ db, storage, row, path: temp, report, now: now() });
      if (processed === "too many") {
        // The person's export, not a fault: said in the report, no page made.
        report.problem("", IMPORT_TOO_MANY_ENTRIES_MESSAGE);
        await db
          .update(imports)
          .set({ state: "failed", report: report.report, finishedAt: now(), updatedAt: now() })
          .where(eq(imports.id, row.id));
        run.failed += 1;
      } else {
        await db
          .update(imports)
          .set({ state: "done", processed, report: report.report, finishedAt: now(), updatedAt: now() })
          .where(eq(imports.id, row.id));
        run.done += 1;
      }
    } catch (err) {
      logError("imports", `Import ${row.id} failed`, err);
      run.failed += 1;
      report.problem("", IMPORT_STOPPED_MESSAGE);
      await db
        .update(imports)
        .set({ state: "failed", report: report.report, finishedAt: now(), updatedAt: now() })
        .where(eq(imports.id, row.id));
    } finally {
      await fs.rm(temp, { force: true });
    }
    await deleteImportZip({ db, storage, id: row.id, key });
  }
  return run;
}

/**
 * Fails imports the job's process took and did not finish because it died (lib/jobs/job-process.ts):
 * each one still running gets `message` as its report, loses its ZIP and the temporary copy the
 * process left. Returns how many it failed.
 */
export async function failAbandonedImports({
  db,
  storage,
  ids,
  message,
}: {
  db: Db;
  storage: Storage;
  ids: string[];
  message: string;
}): Promise<number> {
  let failed = 0;
  for (const id of ids) {
    const report = new ReportBuilder();
    report.problem("", message);
    const now = new Date();
    const [row] = await db
      .update(imports)
      .set({ state: "failed", report: report.report, finishedAt: now, updatedAt: now })
      .where(and(eq(imports.id, id), eq(imports.state, "running")))
      .returning();
    await removeImportTempFiles(id);
    if (!row) continue;
    failed += 1;
    await deleteImportZip({ db, storage, id, key: row.storageKey ?? importKey({ userId: row.userId, importId: id }) });
  }
  return failed;
}
