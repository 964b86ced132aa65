import "server-only";
import { Readable } from "node:stream";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { getActivityList } from "@/lib/activities/lists";
import { exports, friendships, journals, reminderSettings, templates, users, type PagePhoto } from "@/lib/db/schema";
import type { Storage } from "@/lib/storage";
import {
  dayOneEntry,
  inkwellEntry,
  isoSeconds,
  markdownFile,
  markdownPath,
  photoPath,
  type ExportEntry,
} from "./formats";
import { EXPORT_FORMAT_VERSION, EXPORT_PAGE_SIZE } from "./limits";
import { readPhotoFacts, type ExportedPhoto } from "./photo-facts";
import { photosOf } from "@/lib/journals/page-photos";
import { createZipWriter, type ZipWriter } from "./zip-writer";

// Writes one export's ZIP into storage (docs/export-format.md, docs/decisions/074), streaming all
// the way: entries are read a page at a time, Journal.json and inkwell.json are written record by
// record, each photo is streamed from storage, and the ZIP streams into the storage driver. Every
// pass reads the same snapshot (one repeatable-read transaction), so an entry written meanwhile
// is in every file of the ZIP or in none.

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const ENTRY_COLUMNS = {
  id: journals.id,
  title: journals.title,
  content: journals.content,
  visibility: journals.visibility,
  isAnonymous: journals.isAnonymous,
  journalDate: journals.journalDate,
  // A locked page's photo is sealed: the export made here carries its placeholder alone (docs/decisions/115).
  imageKey: sql<string | null>`case when ${journals.sealed} is null then ${journals.imageKey} end`,
  imageDescription: journals.imageDescription,
  morePhotos: sql<PagePhoto[]>`case when ${journals.sealed} is null then ${journals.morePhotos} else '[]'::jsonb end`,
  mood: journals.mood,
  activities: journals.activities,
  tags: journals.tags,
  likesCount: journals.likesCount,
  readsCount: journals.readsCount,
  createdAt: journals.createdAt,
  updatedAt: journals.updatedAt,
};

/** Every entry of `userId` in day order, a page at a time (keyset on the unique (author, day)). */
async function* entryPages({
  tx,
  userId,
  pageSize,
}: {
  tx: Tx;
  userId: string;
  pageSize: number;
}): AsyncGenerator<ExportEntry[]> {
  let after: string | undefined;
  for (;;) {
    const page = await tx
      .select(ENTRY_COLUMNS)
      .from(journals)
      .where(and(eq(journals.authorId, userId), after ? gt(journals.journalDate, after) : undefined))
      .orderBy(asc(journals.journalDate))
      .limit(pageSize);
    if (page.length) yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]!.journalDate;
  }
}

export interface BuildExportInput {
  db: Db;
  storage: Storage;
  exportId: string;
  userId: string;
  key: string;
  now: Date;
  pageSize?: number;
}

/** Builds the ZIP under `key`; returns its size. Progress goes to the export's row a page at a time. */
export async function buildExport({
  db,
  storage,
  exportId,
  userId,
  key,
  now,
  pageSize = EXPORT_PAGE_SIZE,
}: BuildExportInput): Promise<number> {
  return db.transaction(
    async (tx) => {
      const [{ total }] = (await tx
        .select({ total: sql<number>`count(*)::int` })
        .from(journals)
        .where(eq(journals.authorId, userId))) as [{ total: number }];
      await db
        .update(exports)
        .set({ entriesTotal: total, updatedAt: sql`now()` })
        .where(eq(exports.id, exportId));
      let steps = 0;
      const step = async (count: number) => {
        steps += count;
        await db
          .update(exports)
          .set({ stepsDone: steps, updatedAt: sql`now()` })
          .where(eq(exports.id, exportId));
      };
      const [reminder] = await tx
        .select({ timeZone: reminderSettings.timeZone })
        .from(reminderSettings)
        .where(eq(reminderSettings.userId, userId));

      const zip = createZipWriter({ mtime: now });
      const stored = storage.putObjectStream({ key, body: zip.output, contentType: "application/zip" });
      // A failed upload stops the writer; the writer's own failures reach the upload through its stream.
      stored.catch(() => zip.output.destroy());
      try {
        await writeZip({ tx, zip, storage, userId, now, pageSize, step, timeZone: reminder?.timeZone ?? "UTC" });
      } catch (err) {
        // Whatever failed here, the upload must not wait for more bytes.
        zip.output.destroy(err instanceof Error ? err : new Error(String(err)));
        throw err;
      }
      return stored;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

interface WriteZipInput {
  tx: Tx;
  zip: ZipWriter;
  storage: Storage;
  userId: string;
  now: Date;
  pageSize: number;
  timeZone: string;
  step: (entries: number) => Promise<void>;
}

/** The ZIP's files in order: Journal.json (reading each photo's md5), then each day's Markdown and photo, then inkwell.json. */
async function writeZip({ tx, zip, storage, userId, now, pageSize, timeZone, step }: WriteZipInput): Promise<void> {
  const photos = new Map<string, ExportedPhoto[]>();
  async function* journalJson(): AsyncGenerator<string> {
    yield '{"metadata":{"version":"1.0"},"entries":[';
    let first = true;
    for await (const page of entryPages({ tx, userId, pageSize })) {
      for (const entry of page) {
        // Every photo of the page, in order (docs/decisions/133); a file gone from storage is left out.
        const found: ExportedPhoto[] = [];
        for (const { key, description } of photosOf({ ...entry, morePhotos: entry.morePhotos ?? [] })) {
          const facts = await readPhotoFacts({ storage, id: entry.id, imageKey: key });
          if (facts) found.push({ ...facts, description });
        }
        photos.set(entry.id, found);
        yield `${first ? "" : ","}\n${JSON.stringify(dayOneEntry({ entry, photo: found, timeZone }))}`;
        first = false;
      }
      await step(page.length);
    }
    yield "\n]}\n";
  }
  await zip.add("Journal.json", () => Readable.from(journalJson()));
  // The photos' names are their md5s, which Journal.json's pass has just read.
  await zip.drained();

  const written = new Set<string>();
  for await (const page of entryPages({ tx, userId, pageSize })) {
    for (const entry of page) {
      const shown = photos.get(entry.id) ?? [];
      // Stored, not deflated: a zlib stream per small file held far more memory than it saved
      // bytes (docs/performance/archive/2026-11-27-export-everything.md).
      await zip.add(markdownPath(entry.journalDate), () => Readable.from([Buffer.from(markdownFile(entry, shown))]), {
        compress: false,
      });
      for (const photo of shown) {
        if (written.has(photo.md5)) continue;
        written.add(photo.md5);
        // Already compressed: stored as is.
        const openPhoto = async () => {
          const file = await storage.getObjectStream({ key: photo.key });
          if (!file) throw new Error("A photo went missing while the export was written");
          return file.body;
        };
        await zip.add(photoPath(photo), openPhoto, { compress: false });
      }
    }
    await step(page.length);
  }
  await zip.add("inkwell.json", () => Readable.from(inkwellJson({ tx, userId, now, pageSize })));
  zip.end();
}

/** inkwell.json: the format, the profile, the friends' usernames, the templates, the activities, then every entry's own facts. */
async function* inkwellJson({
  tx,
  userId,
  now,
  pageSize,
}: {
  tx: Tx;
  userId: string;
  now: Date;
  pageSize: number;
}): AsyncGenerator<string> {
  const [profile] = await tx
    .select({
      name: users.name,
      username: users.username,
      email: users.email,
      bio: users.bio,
      location: users.location,
      joinedAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!profile) throw new Error("The export's owner is gone");
  const friends = await tx
    .select({ username: users.username })
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(and(eq(friendships.userId, userId), isNull(users.suspendedAt)))
    .orderBy(asc(users.username));
  const kept = await tx
    .select({ name: templates.name, title: templates.title, content: templates.content })
    .from(templates)
    .where(eq(templates.userId, userId))
    .orderBy(sql`lower(${templates.name})`, asc(templates.id));
  const head = {
    format: "inkwell-export",
    formatVersion: EXPORT_FORMAT_VERSION,
    exportedAt: isoSeconds(now),
    profile: { ...profile, joinedAt: isoSeconds(profile.joinedAt) },
    friends: friends.map((f) => f.username),
    templates: kept,
    // The list they choose a day's activities from (docs/decisions/136-activities.md).
    activities: (await getActivityList({ db: tx, userId })).activities,
  };
  yield `${JSON.stringify(head).slice(0, -1)},"entries":[`;
  let first = true;
  for await (const page of entryPages({ tx, userId, pageSize })) {
    for (const entry of page) {
      // The mood and the activities are the writer's own, so their export carries them (docs/decisions/131, 136).
      // The other photos' descriptions, in order after the cover's `photoDescription` (docs/decisions/133).
      const more = (entry.morePhotos ?? []).map((p) => p.description);
      yield `${first ? "" : ","}\n${JSON.stringify({ ...inkwellEntry(entry), morePhotoDescriptions: more, mood: entry.mood, activities: entry.activities })}`;
      first = false;
    }
  }
  yield "\n]}\n";
}
