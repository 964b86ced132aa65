import "server-only";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Entry } from "yauzl";
import type { Db } from "@/lib/db/client";
import { imports } from "@/lib/db/schema";
import { logError } from "@/lib/log";
import type { Storage } from "@/lib/storage";
import { EARLIEST_JOURNAL_DATE, latestJournalDate } from "@/lib/validation/journal";
import { journalEntries, readEntry, type DayOneEntry } from "./day-one";
import { importKey, importTempPath } from "./keys";
import { IMPORT_JSON_MAX_BYTES } from "./limits";
import { importDay, readZipEntry } from "./pages";
import { ReportBuilder } from "./report";
import { classifyEntryName, openZip, photoLookupName, zipEntries } from "./zip";

// The imports job (lib/jobs, docs/decisions/078): takes each queued import, copies its ZIP from
// storage to a temporary file (yauzl reads the central directory at the end), reads every journal
// and makes one page a day, then deletes the ZIP. Its row moves on as days are read, so /me shows
// progress, and an import whose worker died is failed after IMPORT_STALE_MS.

type ImportRow = typeof imports.$inferSelect;

/** A running import whose row has not moved in this long lost its worker: it is failed, and may be started again. */
export const IMPORT_STALE_MS = 10 * 60 * 1000;
/** The row's progress is written after this many days. */
const PROGRESS_EVERY = 10;

const FAILED_MESSAGE = "The import stopped before it finished; the pages already made are kept";

async function claimQueuedImport({ db }: { db: Db }): Promise<ImportRow | null> {
  const { rows } = await db.execute<{ id: string }>(sql`
    update imports set state = 'running', updated_at = now()
    where id = (select id from imports where state = 'queued' order by created_at limit 1 for update skip locked)
    returning id`);
  if (!rows[0]) return null;
  const [row] = await db.select().from(imports).where(eq(imports.id, rows[0].id));
  return row ?? null;
}

/** Fails imports whose worker went away mid-way, so their owners may start again (housekeeping deletes their ZIPs). */
export async function failStaleImports({ db, now }: { db: Db; now: Date }): Promise<number> {
  const { rowCount } = await db
    .update(imports)
    .set({ state: "failed", finishedAt: now, updatedAt: now })
    .where(and(eq(imports.state, "running"), lt(imports.updatedAt, new Date(now.getTime() - IMPORT_STALE_MS))));
  return rowCount ?? 0;
}

/** Every entry of every journal in the ZIP, by local day; problems and ignored files go in the report. */
async function readDays({ zip, report, photos }: { zip: Awaited<ReturnType<typeof openZip>>; report: ReportBuilder; photos: Map<string, Entry> }) {
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
  for (const journal of journals) {
    const bytes = await readZipEntry(zip, journal, IMPORT_JSON_MAX_BYTES).catch(() => null);
    const raw = bytes ? journalEntries(bytes.toString("utf8")) : null;
    if (!raw) {
      report.problem(journal.fileName, "Not a Day One journal: its JSON could not be read");
      continue;
    }
    raw.forEach((item, i) => {
      report.report.entriesRead += 1;
      const entry = readEntry(item);
      const which = `Entry ${i + 1}`;
      if (entry === "shape") return report.problem(journal.fileName, `${which} is not an entry`);
      if (entry === "date") return report.problem(journal.fileName, `${which} has no readable creation date`);
      if (entry.day < EARLIEST_JOURNAL_DATE || entry.day > latest) return report.problem(journal.fileName, `${which} is dated ${entry.day}, outside ${EARLIEST_JOURNAL_DATE} to today`);
      if (entry.zoneDefaulted) report.problem(journal.fileName, `${which} has no known time zone: its day was taken in UTC`);
      const list = days.get(entry.day);
      if (list) list.push(entry);
      else days.set(entry.day, [entry]);
    });
  }
  return days;
}

/** Reads one import's ZIP (at `path`) into pages; returns its report. */
async function importZip({ db, storage, row, path, report, now }: { db: Db; storage: Storage; row: ImportRow; path: string; report: ReportBuilder; now: Date }) {
  const zip = await openZip(path);
  try {
    const photos = new Map<string, Entry>();
    const days = await readDays({ zip, report, photos });
    await db.update(imports).set({ total: days.size, updatedAt: sql`now()` }).where(eq(imports.id, row.id));
    let processed = 0;
    for (const day of [...days.keys()].sort()) {
      const entries = days.get(day)!.sort((a, b) => a.at - b.at);
      await importDay({ db, storage, zip, photos, userId: row.userId, day, entries, report, now });
      processed += 1;
      if (processed % PROGRESS_EVERY === 0) await db.update(imports).set({ processed, updatedAt: sql`now()` }).where(eq(imports.id, row.id));
    }
    return processed;
  } finally {
    zip.close();
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
 */
export async function runQueuedImports({ db, storage, now = () => new Date() }: { db: Db; storage: Storage; now?: () => Date }): Promise<ImportRun> {
  const run: ImportRun = { done: 0, failed: 0 };
  await failStaleImports({ db, now: now() });
  for (let row = await claimQueuedImport({ db }); row; row = await claimQueuedImport({ db })) {
    const key = row.storageKey ?? importKey({ userId: row.userId, importId: row.id });
    const temp = importTempPath(row.id);
    const report = new ReportBuilder();
    try {
      const file = await storage.getObjectStream({ key });
      if (!file) throw new Error("The uploaded ZIP is not in storage");
      await pipeline(file.body, createWriteStream(temp, { flags: "wx" }));
      const processed = await importZip({ db, storage, row, path: temp, report, now: now() });
      await db.update(imports).set({ state: "done", processed, report: report.report, finishedAt: now(), updatedAt: now() }).where(eq(imports.id, row.id));
      run.done += 1;
    } catch (err) {
      logError("imports", `Import ${row.id} failed`, err);
      run.failed += 1;
      report.problem("", FAILED_MESSAGE);
      await db.update(imports).set({ state: "failed", report: report.report, finishedAt: now(), updatedAt: now() }).where(eq(imports.id, row.id));
    } finally {
      await fs.rm(temp, { force: true });
    }
    try {
      await storage.deleteObject({ key });
      await db.update(imports).set({ storageKey: null }).where(eq(imports.id, row.id));
    } catch (err) {
      logError("imports", `Could not delete the ZIP of import ${row.id}; housekeeping will`, err);
    }
  }
  return run;
}
