import type { Journal } from "@/lib/contract/answers";
import { formatLongDay } from "@/lib/dates/local-day";
import { IMAGE_MAX_BYTES } from "@/lib/images/limits.mjs";
import { pageOf, type DayOneEntry, type DayOnePhoto } from "@/lib/imports/day-one";
import {
  DAY_ALREADY_IMPORTED_REASON,
  DAY_NO_TEXT_REASON,
  DAY_SHARED_REASON,
  DAY_WRITTEN_MEANWHILE_REASON,
  PHOTO_DAY_SKIPPED_REASON,
  PHOTO_NOT_IN_ZIP_REASON,
  PHOTO_ONE_A_PAGE_REASON,
  PHOTO_TOO_LARGE_REASON,
  PHOTO_UNREADABLE_REASON,
  photoIn,
  photoNameOf,
} from "@/lib/imports/day-rules";
import { NotAJournalError, journalItems, readJournalItem } from "@/lib/imports/journal-rules";
import { IMPORT_ENTRIES_MAX, IMPORT_TOO_MANY_ENTRIES_MESSAGE } from "@/lib/imports/limits";
import { classifyEntryName, photoLookupName } from "@/lib/imports/zip-rules";
import { JOURNAL_EXISTS_MESSAGE } from "@/lib/journals/messages";
import { CONTENT_MAX, countCharacters } from "@/lib/validation/journal-limits";
import { apiFetch } from "../api";
import { apiPath } from "../api-path";
import { ApiError, SERVER_FAULT, readableFailure } from "../api-error";
import type { SaveRequest } from "../journals";
import { diaryPages, type Ask } from "./diary-pages";
import { checkZipFile, readEntry, zipBytesOf, type CheckedZip, type ZipBytes, type ZipEntry } from "./import-zip";
import { openPage } from "./pages";
import { lockedSaveForm } from "./save";

export { ZipRefusedError } from "./import-zip";

// "Import from Day One" into a locked diary, in the browser (docs/diary-lock.md): the server would
// store the pages readable, so it refuses (IMPORT_LOCKED_MESSAGE), and a device holding the key
// does the import itself, by the server's rules wherever the browser can follow them: the ZIP
// checked as POST /api/import checks it (./import-zip.ts), the journals read by the job's rules
// (lib/imports/journal-rules.ts, day-one.ts), one page a day made as the job makes it
// (lib/imports/pages.ts), each sealed here with its photo prepared here (./save.ts) and created with
// POST /api/journals as the editor creates one. What needs the server is not done: a day that
// already has a page is skipped (the job would add the text below it). The diary is the bookmark:
// the same ZIP again skips the days it made ("Already imported"), so a run stopped half-way goes on.
// Browser code, imported only when a person imports into a locked diary.

/**
 * The upload limit the server's checks are made for: lib/config.ts's default IMPORT_MAX_BYTES,
 * which the browser is not told (tests/unit/import-locked-parity.test.ts holds them equal).
 */
export const LOCKED_IMPORT_MAX_BYTES = 500 * 1024 * 1024;
/** lib/validation/journal.ts's EARLIEST_JOURNAL_DATE, which brings zod (held equal by the same test). */
export const EARLIEST_IMPORT_DAY = "1900-01-01";
/** lib/validation/journal.ts's latestJournalDate: tomorrow in UTC, the latest day anyone may write for. */
export const latestImportDay = (now: Date) => new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
/** lib/validation/fields.ts's CODE_POINTS_PER_CHARACTER (zod again): the database's backstop of a readable page. */
export const CODE_POINTS_PER_CHARACTER = 8;

/**
 * The longest day imported here. Turning the lock off writes every locked page back readable with
 * PUT /api/journals/{id} (docs/decisions/118), which takes more than CONTENT_MAX characters only for
 * a page the server marked imported (lib/journals/write.ts), and a page made by POST /api/journals
 * is not one: a longer day would be a page that keeps the lock from coming off. It is skipped and
 * said, never cut.
 */
export const LOCKED_IMPORT_CONTENT_MAX = CONTENT_MAX;
export const LOCKED_TOO_LONG_REASON = `Longer than ${CONTENT_MAX} characters, the most a page imported into a locked diary may have`;
/** A day that has a page: the job would add the text below it; here the page is left as it is. */
export const DAY_HAS_A_PAGE_REASON =
  "It already has a page: in a locked diary the import adds no text to a page, so nothing was changed";
export const IMPORT_STOPPED_HERE_MESSAGE =
  "Stopped. The days imported so far are kept: import the same ZIP file again to go on.";
export const IMPORT_CONNECTION_LOST_MESSAGE =
  "The connection was lost. The days imported so far are kept: import the same ZIP file again to go on.";

/** What the import did, as the server's report says it (lib/imports/report.ts), every item kept, and what failed here. */
export interface LockedImportReport {
  entriesRead: number;
  /** The days the journals hold: what the import goes through. */
  days: number;
  pagesMade: number;
  photosAttached: number;
  daysSkipped: { day: string; reason: string }[];
  /** Days the server refused to create, with its words. */
  daysFailed: { day: string; reason: string }[];
  photosNotAttached: { photo: string; day: string; reason: string }[];
  filesIgnored: string[];
  problems: { file: string; message: string }[];
  locationsNotKept: string[];
  starsNotKept: string[];
  /** Why it ended before its last day (Stop, the connection, the session or the lock changed), or null. */
  stopped: string | null;
}

export type LockedImportStep = { step: "check" } | { step: "diary" } | { step: "import"; done: number; total: number };

/** A name from the ZIP as the report keeps it (lib/imports/report.ts): at most 200 characters, never a NUL. */
const named = (name: string) => name.replace(/\u0000/g, "").slice(0, 200);

function emptyReport(): LockedImportReport {
  return {
    entriesRead: 0,
    days: 0,
    pagesMade: 0,
    photosAttached: 0,
    daysSkipped: [],
    daysFailed: [],
    photosNotAttached: [],
    filesIgnored: [],
    problems: [],
    locationsNotKept: [],
    starsNotKept: [],
    stopped: null,
  };
}

const decoder = new TextDecoder();

/**
 * Every entry of every journal, by local day, as the job reads them (lib/imports/run.ts's
 * readDays), or "too many" past IMPORT_ENTRIES_MAX in all. A journal that is not one adds only its
 * problem; ignored files and the ZIP's photos (the first of each name) are noted.
 */
function readDays(
  zip: CheckedZip,
  report: LockedImportReport,
  photos: Map<string, ZipEntry>,
  now: Date,
): Map<string, DayOneEntry[]> | "too many" {
  for (const entry of zip.entries) {
    const kind = classifyEntryName(entry.fileName);
    if (kind === "photo") {
      const name = photoLookupName(entry.fileName);
      if (!photos.has(name)) photos.set(name, entry);
    } else if (kind === "ignored") report.filesIgnored.push(named(entry.fileName));
  }
  const range = { earliest: EARLIEST_IMPORT_DAY, latest: latestImportDay(now) };
  const days = new Map<string, DayOneEntry[]>();
  let counted = 0;
  for (const [journal, data] of zip.journals) {
    const entries: DayOneEntry[] = [];
    const problems: string[] = [];
    let items: unknown[];
    try {
      items = journalItems(decoder.decode(data));
    } catch (error) {
      if (!(error instanceof NotAJournalError)) throw error;
      report.problems.push({ file: named(journal.fileName), message: error.message });
      continue;
    }
    let i = 0;
    for (const item of items) {
      if (++counted > IMPORT_ENTRIES_MAX) return "too many";
      const read = readJournalItem(item, ++i, range);
      problems.push(...read.problems);
      if (read.entry) entries.push(read.entry);
    }
    report.entriesRead += i;
    for (const message of problems) report.problems.push({ file: named(journal.fileName), message });
    for (const entry of entries) {
      const list = days.get(entry.day);
      if (list) list.push(entry);
      else days.set(entry.day, [entry]);
    }
  }
  return days;
}

/** The diary's pages by day, from the newest down to `earliest` (the List is newest first: no older page is asked for). */
async function pagesSince(ask: Ask, earliest: string, signal?: AbortSignal): Promise<Map<string, Journal>> {
  const pages = new Map<string, Journal>();
  for await (const list of diaryPages(ask, signal)) {
    for (const journal of list.journals) pages.set(journal.journaldate, journal);
    const last = list.journals.at(-1);
    if (last && last.journaldate < earliest) break;
  }
  return pages;
}

interface Run {
  owner: string;
  key: CryptoKey;
  ask: Ask;
  zip: CheckedZip;
  photos: Map<string, ZipEntry>;
  report: LockedImportReport;
}

/** The form of a new sealed page with `photo`: a photo this browser cannot prepare is an ApiError(400) with its reason. */
function sealedForm({ owner, key }: Run, req: SaveRequest): Promise<FormData> {
  return lockedSaveForm({ owner, key, req, entry: null });
}

/**
 * The form of the day's page, sealed, with the day's first photo that can be attached (the job's
 * rule); every other photo is named in the report with its reason.
 */
async function formWithPhoto(run: Run, day: string, req: SaveRequest, photos: DayOnePhoto[]) {
  const notAttached = (photo: DayOnePhoto, reason: string) =>
    run.report.photosNotAttached.push({ photo: named(photoNameOf(photo)), day, reason });
  let form: FormData | null = null;
  for (const photo of photos) {
    if (form) {
      notAttached(photo, PHOTO_ONE_A_PAGE_REASON);
      continue;
    }
    const entry = photoIn(run.photos, photo);
    if (!entry) {
      notAttached(photo, PHOTO_NOT_IN_ZIP_REASON);
      continue;
    }
    if (entry.uncompressedSize > IMAGE_MAX_BYTES) {
      notAttached(photo, PHOTO_TOO_LARGE_REASON);
      continue;
    }
    const data = await readEntry(run.zip.bytes, entry).catch(() => null);
    if (!data) {
      notAttached(photo, PHOTO_UNREADABLE_REASON);
      continue;
    }
    try {
      const file = new File([data as BlobPart], entry.fileName.split("/").at(-1)!);
      form = await sealedForm(run, { ...req, photo: file });
    } catch (error) {
      // The photo could not be opened or made ready here (client/lock/photo.ts): its words.
      if (!(error instanceof ApiError)) throw error;
      notAttached(photo, error.message);
    }
  }
  return form ? { form, photo: true } : { form: await sealedForm(run, req), photo: false };
}

/**
 * One day (its entries in time order) as the job would import it, as far as the browser can: the
 * reasons it is skipped, then its page sealed and created. Returns why the whole run must stop (the
 * connection, the session or the lock changed), or null.
 */
async function importDay(run: Run, day: string, entries: DayOneEntry[], existing: Journal | undefined) {
  const { report } = run;
  const page = pageOf(entries);
  const photos = entries.flatMap((e) => e.photos);
  const skip = (reason: string) => {
    report.daysSkipped.push({ day, reason });
    for (const photo of photos)
      report.photosNotAttached.push({ photo: named(photoNameOf(photo)), day, reason: PHOTO_DAY_SKIPPED_REASON });
    return null;
  };
  if (!page.content) return skip(DAY_NO_TEXT_REASON);
  if (existing) {
    // A locked page is opened here to see whether it holds this text (the same ZIP imported again).
    const words = existing.locked
      ? await openPage({ key: run.key, owner: run.owner, journal: existing }).catch(() => null)
      : existing;
    if (words?.content.includes(page.content)) return skip(DAY_ALREADY_IMPORTED_REASON);
    if (existing.visibility !== "private") return skip(DAY_SHARED_REASON);
    return skip(DAY_HAS_A_PAGE_REASON);
  }
  if (
    countCharacters(page.content) > LOCKED_IMPORT_CONTENT_MAX ||
    Array.from(page.content).length > LOCKED_IMPORT_CONTENT_MAX * CODE_POINTS_PER_CHARACTER
  )
    return skip(LOCKED_TOO_LONG_REASON);

  const req: SaveRequest = {
    kind: "create",
    day,
    fields: {
      title: page.title || formatLongDay(day),
      content: page.content,
      visibility: "private",
      isAnonymous: false,
      imageDescription: "",
    },
    photo: null,
  };
  const { form, photo } = await formWithPhoto(run, day, req, photos);
  // Not aborted by Stop once sent: a page half-sent is settled by the next run, which finds it or not.
  const res = await run.ask(apiPath("POST /api/journals"), { method: "POST", body: form }).catch(() => null);
  if (!res) return IMPORT_CONNECTION_LOST_MESSAGE;
  if (res.status === 201) {
    report.pagesMade += 1;
    if (photo) report.photosAttached += 1;
    for (const entry of entries) {
      if (entry.hadLocation) report.locationsNotKept.push(day);
      if (entry.starred) report.starsNotKept.push(day);
    }
    return null;
  }
  const body = await readableFailure(res);
  const message = typeof body?.message === "string" && body.message ? body.message : SERVER_FAULT;
  // Written meanwhile (another tab or device): as the job says it.
  if (res.status === 409 && message === JOURNAL_EXISTS_MESSAGE) {
    report.daysSkipped.push({ day, reason: DAY_WRITTEN_MEANWHILE_REASON });
    return null;
  }
  // Signed out, or the lock turned off or being turned off: no later day would be taken either.
  if (res.status === 401 || res.status === 409) return message;
  report.daysFailed.push({ day, reason: message });
  return null;
}

/**
 * Imports the Day One ZIP `file` into `owner`'s locked diary with `key`, one day at a time, oldest
 * first; `onStep` hears of each step and day. A ZIP the server would refuse is a ZipRefusedError
 * (./import-zip.ts) before anything is sent; a diary that cannot be read, an Error before anything
 * is sent. `signal` stops the run between days (the report says so).
 */
export async function importIntoLockedDiary({
  file,
  owner,
  key,
  ask = (path, init) => apiFetch(path, init),
  onStep,
  signal,
  now = new Date(),
}: {
  file: Blob | ZipBytes;
  owner: string;
  key: CryptoKey;
  ask?: Ask;
  onStep?: (step: LockedImportStep) => void;
  signal?: AbortSignal;
  now?: Date;
}): Promise<LockedImportReport> {
  onStep?.({ step: "check" });
  const zip = await checkZipFile(file instanceof Blob ? zipBytesOf(file) : file, {
    maxBytes: LOCKED_IMPORT_MAX_BYTES,
    signal,
  });
  const report = emptyReport();
  const photos = new Map<string, ZipEntry>();
  const days = readDays(zip, report, photos, now);
  zip.journals.clear();
  if (days === "too many") {
    // The person's export, not a fault: said in the report, no page made (docs/decisions/093).
    report.problems.push({ file: "", message: IMPORT_TOO_MANY_ENTRIES_MESSAGE });
    return report;
  }
  const order = [...days.keys()].sort();
  report.days = order.length;
  if (!order.length) return report;

  onStep?.({ step: "diary" });
  const pages = await pagesSince(ask, order[0]!, signal);
  const run: Run = { owner, key, ask, zip, photos, report };
  for (const [done, day] of order.entries()) {
    onStep?.({ step: "import", done, total: order.length });
    if (signal?.aborted) {
      report.stopped = IMPORT_STOPPED_HERE_MESSAGE;
      break;
    }
    const entries = days.get(day)!.sort((a, b) => a.at - b.at);
    const stop = await importDay(run, day, entries, pages.get(day));
    if (stop) {
      report.stopped = stop;
      break;
    }
    if (done === order.length - 1) onStep?.({ step: "import", done: order.length, total: order.length });
  }
  return report;
}
