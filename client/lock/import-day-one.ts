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
  PHOTO_PAGE_FULL_REASON,
  PHOTO_TOO_LARGE_REASON,
  PHOTO_UNREADABLE_REASON,
  dayTooLongReason,
  photoIn,
  photoNameOf,
} from "@/lib/imports/day-rules";
import { NotAJournalError, journalItems, readJournalItem } from "@/lib/imports/journal-rules";
import { IMPORT_ENTRIES_MAX, IMPORT_TOO_MANY_ENTRIES_MESSAGE } from "@/lib/imports/limits";
import { classifyEntryName, photoLookupName } from "@/lib/imports/zip-rules";
import { JOURNAL_EXISTS_MESSAGE } from "@/lib/journals/messages";
import { IMPORTED_CONTENT_MAX, PHOTOS_MAX } from "@/lib/validation/journal-limits";
import { apiFetch } from "../api";
import { apiPath } from "../api-path";
import { ApiError, SERVER_FAULT, readableFailure } from "../api-error";
import type { SaveRequest } from "../journals";
import type { SavePhoto } from "../photo-uploads";
import { diaryPages, putPage, type Ask } from "./diary-pages";
import { checkZipFile, readEntry, zipBytesOf, type CheckedZip, type ZipBytes, type ZipEntry } from "./import-zip";
import { openMorePhotoDescriptions, openPage, sealedPhotoList, type PageWords } from "./pages";
import { lockedSaveForm, preparedPhoto, readyPhotos, sealedGallerySave, type ReadyPhoto } from "./save";

export { ZipRefusedError } from "./import-zip";

// "Import from Day One" into a locked diary, in the browser (docs/diary-lock.md): the server would
// store the pages readable, so it refuses (IMPORT_LOCKED_MESSAGE), and a device holding the key
// does the import itself, by the server's rules: the ZIP checked as POST /api/import checks it
// (./import-zip.ts), the journals read by the job's rules (lib/imports/journal-rules.ts,
// day-one.ts), one page a day made or added to as the job does it (lib/imports/pages.ts), each
// sealed here with its photos prepared here (./save.ts) and sent as the editor sends one: POST
// /api/journals for a new page, PUT with If-Match for a private page the day already has, whose
// text gets the imported text below it and whose photos get the day's after them, up to six (a
// page's second photo on is sealed and uploaded first, docs/decisions/139). Every page is sent marked imported (`imported=true`), as
// the job marks its pages. The diary is the bookmark: the same ZIP again skips the days it made or
// added to ("Already imported"), so a run stopped half-way goes on.
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
/** A locked page this device cannot open (another key, damaged): the imported text is not added to it. */
export const DAY_PAGE_NOT_OPENED_REASON = "Its page could not be opened on this device, so nothing was added to it";
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
  /** The days whose text was added below a private page they already had. */
  daysMerged: string[];
  daysSkipped: { day: string; reason: string }[];
  /** Days the server refused to write, with its words, or whose page's own photo could not be read to seal it. */
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
    daysMerged: [],
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

/**
 * The form of the day's page sealed (a new one, or `entry` with the imported text below its own),
 * marked imported: a photo this browser cannot prepare, or a kept one it cannot read, is an
 * ApiError with its reason.
 */
async function sealedForm({ owner, key }: Run, req: SaveRequest, entry: Journal | null): Promise<FormData> {
  const form = await lockedSaveForm({ owner, key, req, entry });
  form.set("imported", "true");
  return form;
}

/** A connection lost while a day was sent: the run stops there. */
class ConnectionLost extends Error {}

/** The day's photos read from the ZIP, in order: each one that cannot be is named in the report with its reason. */
async function zipPhotos(run: Run, day: string, photos: DayOnePhoto[]) {
  const found: { photo: DayOnePhoto; file: File }[] = [];
  for (const photo of photos) {
    const notAttached = (reason: string) =>
      run.report.photosNotAttached.push({ photo: named(photoNameOf(photo)), day, reason });
    const zipped = photoIn(run.photos, photo);
    if (!zipped) {
      notAttached(PHOTO_NOT_IN_ZIP_REASON);
      continue;
    }
    if (zipped.uncompressedSize > IMAGE_MAX_BYTES) {
      notAttached(PHOTO_TOO_LARGE_REASON);
      continue;
    }
    const data = await readEntry(run.zip.bytes, zipped).catch(() => null);
    if (!data) {
      notAttached(PHOTO_UNREADABLE_REASON);
      continue;
    }
    found.push({ photo, file: new File([data as BlobPart], zipped.fileName.split("/").at(-1)!) });
  }
  return found;
}

/**
 * The photos a page keeps, in order, as a gallery save names them: a locked page's by their ids
 * with their descriptions opened here, a readable one's (not sealed yet) as stored.
 */
async function keptPhotos(run: Run, entry: Journal | null, words: PageWords | null): Promise<SavePhoto[]> {
  if (!entry) return [];
  if (entry.locked) {
    const sealed = sealedPhotoList(entry);
    const more =
      sealed.length > 1 ? await openMorePhotoDescriptions({ key: run.key, owner: run.owner, journal: entry }) : [];
    return sealed.map((p, i) => ({
      id: p.id,
      file: null,
      description: (i === 0 ? words?.imageDescription : more[i - 1]) ?? "",
    }));
  }
  return entry.photos.map((p, i) => ({
    id: p.id,
    file: null,
    description: (i === 0 ? entry.imageDescription : p.description) ?? "",
  }));
}

/**
 * The form of the day's page, sealed, with the day's photos that can be attached after the page's
 * own, while it has room (the job's rule, docs/decisions/133); every other photo is named in the
 * report with its reason. A page that will hold one photo is sent as the editor sends one
 * (`sealedImage`); more, as its gallery does (`sealedPhotos`: each photo not sealed yet is sealed
 * and uploaded first, through the run's own API).
 */
async function formWithPhotos(
  run: Run,
  day: string,
  req: SaveRequest,
  entry: Journal | null,
  words: PageWords | null,
  photos: DayOnePhoto[],
): Promise<{ form: FormData; attached: number }> {
  const notAttached = (photo: DayOnePhoto, reason: string) =>
    run.report.photosNotAttached.push({ photo: named(photoNameOf(photo)), day, reason });
  const found = await zipPhotos(run, day, photos);
  const kept = await keptPhotos(run, entry, words);
  const room = PHOTOS_MAX - kept.length;
  if (!kept.length && found.length <= 1) {
    for (const { photo, file } of found)
      try {
        return { form: await sealedForm(run, { ...req, photo: file }, entry), attached: 1 };
      } catch (error) {
        // The photo could not be opened or made ready here (client/lock/photo.ts): its words.
        if (!(error instanceof ApiError)) throw error;
        notAttached(photo, error.message);
      }
    return { form: await sealedForm(run, req, entry), attached: 0 };
  }
  const added: ReadyPhoto[] = [];
  for (const { photo, file } of found) {
    if (added.length >= room) {
      notAttached(photo, PHOTO_PAGE_FULL_REASON);
      continue;
    }
    try {
      added.push({ bytes: await preparedPhoto(file), description: "" });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      notAttached(photo, error.message);
    }
  }
  // A page that keeps its one photo, or none, is sent as the editor sends it.
  if (!added.length && kept.length <= 1) return { form: await sealedForm(run, req, entry), attached: 0 };
  const save = { owner: run.owner, key: run.key, req, entry };
  // Uploaded through the run's own API; a lost connection ends the run, a refusal the day.
  const ask = (path: string, init: RequestInit) =>
    run.ask(path, init).catch(() => {
      throw new ConnectionLost();
    });
  const form = await sealedGallerySave(save, [...(await readyPhotos(save, kept)), ...added], ask);
  form.set("imported", "true");
  return { form, attached: added.length };
}

/**
 * Whether a day's text is longer than an imported page may be: IMPORTED_CONTENT_MAX characters as
 * the job counts them, and as many code points, the database's backstop of an imported page, which
 * a locked one made readable again (the lock turned off) must pass too (lib/journals/write.ts).
 * No text has more characters than code points: the code points decide.
 */
const longerThanImported = (content: string) => Array.from(content).length > IMPORTED_CONTENT_MAX;

/**
 * One day (its entries in time order) as the job would import it: the reasons it is skipped, then
 * its page sealed and created, or `existing`, a private page, opened, given the text below its own,
 * sealed again and written over the version read. Returns why the whole run must stop (the
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
  let words: PageWords | null = null;
  if (existing) {
    // A locked page is opened here: to see whether it holds this text (the same ZIP imported again), and to add to it.
    words = await openPage({ key: run.key, owner: run.owner, journal: existing }).catch(() => null);
    if (words?.content.includes(page.content)) return skip(DAY_ALREADY_IMPORTED_REASON);
    // Imported text is private: it never joins a page the close circle can read.
    if (existing.visibility !== "private") return skip(DAY_SHARED_REASON);
    if (!words) return skip(DAY_PAGE_NOT_OPENED_REASON);
  }
  // A page that keeps its own title takes the imported title's line too: no word is lost.
  const content = words ? `${words.content}\n\n${page.text}` : page.content;
  if (longerThanImported(content)) return skip(dayTooLongReason(IMPORTED_CONTENT_MAX, Boolean(existing)));

  const req: SaveRequest =
    existing && words
      ? {
          kind: "update",
          id: existing.id,
          day,
          fields: {
            title: words.title,
            content,
            visibility: "private",
            isAnonymous: false,
            imageDescription: words.imageDescription ?? "",
          },
          // Its own photo is kept (./save.ts seals a readable one); a new one only where it has none.
          photo: null,
          removePhoto: false,
        }
      : {
          kind: "create",
          day,
          fields: {
            title: page.title || formatLongDay(day),
            content,
            visibility: "private",
            isAnonymous: false,
            imageDescription: "",
          },
          photo: null,
        };
  let made: { form: FormData; attached: number };
  try {
    made = await formWithPhotos(run, day, req, existing ?? null, words, photos);
  } catch (error) {
    if (error instanceof ConnectionLost) return IMPORT_CONNECTION_LOST_MESSAGE;
    if (!(error instanceof ApiError)) throw error;
    // Signed out, or the lock turned off or being turned off, while a photo was uploaded.
    if (error.status === 401 || error.status === 409) return error.message;
    // The page's own photo could not be read to be sealed with it (./save.ts), or a photo's upload
    // was refused: the page is not sent.
    report.daysFailed.push({ day, reason: error.message });
    return null;
  }
  // Not aborted by Stop once sent: a page half-sent is settled by the next run, which finds it or not.
  const res = await (
    existing
      ? putPage(run.ask, existing, made.form)
      : run.ask(apiPath("POST /api/journals"), { method: "POST", body: made.form })
  ).catch(() => null);
  if (!res) return IMPORT_CONNECTION_LOST_MESSAGE;
  if (res.status === (existing ? 200 : 201)) {
    if (existing) report.daysMerged.push(day);
    else report.pagesMade += 1;
    report.photosAttached += made.attached;
    for (const entry of entries) {
      if (entry.hadLocation) report.locationsNotKept.push(day);
      if (entry.starred) report.starsNotKept.push(day);
    }
    return null;
  }
  const body = await readableFailure(res);
  const message = typeof body?.message === "string" && body.message ? body.message : SERVER_FAULT;
  // Written meanwhile (another tab or device): made since the List was read, or changed or deleted
  // since (If-Match), as the job says it.
  if (
    (res.status === 409 && message === JOURNAL_EXISTS_MESSAGE) ||
    (existing && (res.status === 412 || res.status === 404))
  ) {
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
