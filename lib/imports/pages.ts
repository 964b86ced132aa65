import "server-only";
import { hasLock } from "@/lib/lock/lock";
import { IMPORT_LOCKED_MESSAGE } from "@/lib/validation/lock-limits";
import { setTimeout as delay } from "node:timers/promises";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Entry, ZipFile } from "yauzl";
import type { Db } from "@/lib/db/client";
import { journals, type PagePhoto } from "@/lib/db/schema";
import { photoColumns, photosOf } from "@/lib/journals/page-photos";
import { HttpError, ServiceUnavailableError } from "@/lib/errors";
import { processEntryImage } from "@/lib/images";
import { IMAGE_MAX_BYTES } from "@/lib/images/limits.mjs";
import { logError } from "@/lib/log";
import { photoFileKeys, putEntryPhoto, type Storage } from "@/lib/storage";
import { formatLongDay } from "@/lib/dates/local-day";
import { IMPORTED_CONTENT_MAX, PHOTOS_MAX, countCharacters } from "@/lib/validation/journal-limits";
import { pageOf, type DayOneEntry } from "./day-one";
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
  photoNameOf as photoName,
} from "./day-rules";
import type { ReportBuilder } from "./report";
import { openEntry } from "./zip";

// One day of a Day One import becoming one Inkwell page (docs/decisions/078): a new private page,
// or the imported text added below a private page the person already has, or the day skipped,
// each told in the report. A page written meanwhile is never overwritten: the write checks again.

const BUSY_RETRIES = 10;

/** An entry's bytes, at most `max` of them (else null): its declared size is checked first, yauzl holds it to that size. */
export async function readZipEntry(zip: ZipFile, entry: Entry, max: number): Promise<Buffer | null> {
  if (entry.uncompressedSize > max) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of await openEntry(zip, entry)) {
    size += (chunk as Buffer).length;
    if (size > max) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}

export interface DayInput {
  db: Db;
  storage: Storage;
  zip: ZipFile;
  /** The ZIP's photos by their lower-case name without extension (`<md5>`). */
  photos: Map<string, Entry>;
  userId: string;
  day: string;
  /** The day's entries in time order. */
  entries: DayOneEntry[];
  report: ReportBuilder;
  now: Date;
}

/** Processed through the same pipeline as an upload (lib/images), the worker pool's 503 waited out. */
async function processPhoto(data: Buffer) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await processEntryImage({ data });
    } catch (err) {
      if (!(err instanceof ServiceUnavailableError) || attempt >= BUSY_RETRIES) throw err;
      await delay(1000);
    }
  }
}

/**
 * The day's photos that can be attached, in order, while the page has `room` (a page holds
 * PHOTOS_MAX, docs/decisions/133), each stored as an upload's would be; every other photo is named
 * in the report with its reason.
 */
async function attachPhotos({ storage, zip, photos, day, entries, report }: DayInput, room: number): Promise<string[]> {
  const keys: string[] = [];
  for (const photo of entries.flatMap((e) => e.photos)) {
    const name = photoName(photo);
    if (keys.length >= room) {
      report.photoNotAttached(name, day, PHOTO_PAGE_FULL_REASON);
      continue;
    }
    const entry = photoIn(photos, photo);
    if (!entry) {
      report.photoNotAttached(name, day, PHOTO_NOT_IN_ZIP_REASON);
      continue;
    }
    const data = await readZipEntry(zip, entry, IMAGE_MAX_BYTES).catch(() => null);
    if (!data) {
      report.photoNotAttached(
        name,
        day,
        entry.uncompressedSize > IMAGE_MAX_BYTES ? PHOTO_TOO_LARGE_REASON : PHOTO_UNREADABLE_REASON,
      );
      continue;
    }
    try {
      keys.push(await putEntryPhoto({ storage, image: await processPhoto(data) }));
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      report.photoNotAttached(name, day, err.message);
    }
  }
  return keys;
}

async function discard(storage: Storage, keys: string[]) {
  for (const file of keys.flatMap(photoFileKeys))
    await storage
      .deleteObject({ key: file })
      .catch((err: unknown) => logError("imports", `Could not delete the unused photo ${file}`, err));
}

/** Imports one day; what happened goes in the report. */
export async function importDay(input: DayInput): Promise<void> {
  const { db, storage, userId, day, entries, report, now } = input;
  const page = pageOf(entries);
  const skip = (reason: string) => {
    report.skipped(day, reason);
    for (const photo of entries.flatMap((e) => e.photos))
      report.photoNotAttached(photoName(photo), day, PHOTO_DAY_SKIPPED_REASON);
  };
  if (!page.content) return skip(DAY_NO_TEXT_REASON);
  // A locked diary keeps no private page readable (docs/decisions/115): its import is the browser's.
  if (await hasLock({ db, userId })) return skip(IMPORT_LOCKED_MESSAGE);
  const [existing] = await db
    .select({
      id: journals.id,
      content: journals.content,
      visibility: journals.visibility,
      imageKey: journals.imageKey,
      imageDescription: journals.imageDescription,
      morePhotos: journals.morePhotos,
    })
    .from(journals)
    .where(and(eq(journals.authorId, userId), eq(journals.journalDate, day)));
  // A page that keeps its own title takes the imported title's line too: no word is lost.
  const content = existing ? `${existing.content}\n\n${page.text}` : page.content;
  if (existing?.content.includes(page.content)) return skip(DAY_ALREADY_IMPORTED_REASON);
  // Imported text is private: it never joins a page the close circle can read.
  if (existing && existing.visibility !== "private") return skip(DAY_SHARED_REASON);
  if (countCharacters(content) > IMPORTED_CONTENT_MAX)
    return skip(dayTooLongReason(IMPORTED_CONTENT_MAX, Boolean(existing)));

  // The page's own photos first, the day's after them, as many as fit.
  const had: PagePhoto[] = existing ? photosOf(existing) : [];
  const keys = await attachPhotos(input, PHOTOS_MAX - had.length);
  const photoList = [...had, ...keys.map((key) => ({ key, description: null }))];
  const written = existing
    ? await db
        .update(journals)
        .set({
          content,
          importedAt: sql`coalesce(${journals.importedAt}, ${now.toISOString()}::timestamptz)`,
          ...photoColumns(photoList),
          updatedAt: sql`now()`,
        })
        // Only the page as it was read: still private, its text unchanged, its photo not replaced meanwhile.
        .where(
          and(
            eq(journals.id, existing.id),
            eq(journals.visibility, "private"),
            eq(journals.content, existing.content),
            existing.imageKey ? eq(journals.imageKey, existing.imageKey) : isNull(journals.imageKey),
            sql`${journals.morePhotos} = ${JSON.stringify(existing.morePhotos)}::jsonb`,
          ),
        )
        .returning({ id: journals.id })
    : await db
        .insert(journals)
        .values({
          authorId: userId,
          title: page.title || formatLongDay(day),
          content,
          visibility: "private",
          isAnonymous: false,
          journalDate: day,
          ...photoColumns(photoList),
          importedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: journals.id });
  if (!written.length) {
    await discard(storage, keys);
    report.skipped(day, DAY_WRITTEN_MEANWHILE_REASON);
    return;
  }
  if (existing) report.merged(day);
  else report.report.pagesMade += 1;
  report.report.photosAttached += keys.length;
  for (const entry of entries) report.notKept(day, entry);
}
