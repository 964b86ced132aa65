import "server-only";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { journals, pageVersions, users } from "@/lib/db/schema";
import { shownKeyOf, type Storage } from "@/lib/storage";

// Photos no row points to (docs/decisions/033): an entry photo stored by a write that then failed
// or crashed, an old picture whose deletion failed, a profile picture uploaded and never chosen
// (docs/decisions/005, 028). Only the folders Inkwell writes are listed; nothing else is touched.

/**
 * How old an unreferenced file must be before it goes: far longer than an entry write takes from
 * storing its photo to committing its row, and than the 2 hours an uploaded profile picture's
 * signed URL can still be chosen in an open /me form (docs/decisions/028).
 */
export const PHOTO_GRACE_MS = 24 * 60 * 60 * 1000;
const PHOTO_FOLDERS = ["entries/", "profiles/"] as const;
const PHOTO_BATCH_SIZE = 500;

export interface PurgePhotosInput {
  db: Db;
  storage: Storage;
  now: Date;
  graceMs?: number;
  batchSize?: number;
}

/** Deletes files older than the grace period that no entry, earlier version or profile points to; returns how many. */
export async function purgeOrphanPhotos({
  db,
  storage,
  now,
  graceMs = PHOTO_GRACE_MS,
  batchSize = PHOTO_BATCH_SIZE,
}: PurgePhotosInput) {
  const cutoff = now.getTime() - graceMs;
  let deleted = 0;
  let batch: string[] = [];
  for (const prefix of PHOTO_FOLDERS) {
    for await (const { key, lastModified } of storage.listObjects({ prefix })) {
      if (lastModified.getTime() > cutoff) continue;
      batch.push(key);
      if (batch.length >= batchSize) {
        deleted += await deleteUnreferenced({ db, storage, keys: batch });
        batch = [];
      }
    }
  }
  if (batch.length) deleted += await deleteUnreferenced({ db, storage, keys: batch });
  return deleted;
}

/**
 * Deletes those of `keys` that no row holds, asking the database about the whole batch at once
 * (both columns are indexed). Storage and rows share no transaction: the one way a row can come
 * to point at a file over a day old between the question and the deletion is decision 033's
 * accepted race (a picture re-chosen within milliseconds of its sweep, after its own deletion failed).
 */
async function deleteUnreferenced({ db, storage, keys }: { db: Db; storage: Storage; keys: string[] }) {
  // One after the other: housekeeping's db is a single connection (the one holding its advisory
  // lock, lib/maintenance/run.ts), which runs one query at a time (pg warns of queries sent together).
  // A full-size copy (docs/decisions/129) is kept while its photo is.
  const shown = [...new Set(keys.map(shownKeyOf))];
  const entryRows = await db.select({ key: journals.imageKey }).from(journals).where(inArray(journals.imageKey, shown));
  const versionRows = await db
    .select({ key: pageVersions.imageKey })
    .from(pageVersions)
    .where(inArray(pageVersions.imageKey, shown));
  // A page's other photos (docs/decisions/133), through the GIN index on their keys.
  const batch = sql`${`{${shown.map((k) => `"${k}"`).join(",")}}`}::text[]`;
  const moreRows = await db.execute<{ key: string }>(
    sql`select k as key from (select unnest(inkwell_photo_keys(more_photos)) as k from journals where inkwell_photo_keys(more_photos) && ${batch}
        union select unnest(inkwell_photo_keys(more_photos)) from page_versions where inkwell_photo_keys(more_photos) && ${batch}) held`,
  );
  const profileRows = await db
    .select({ key: users.profileImageKey })
    .from(users)
    .where(inArray(users.profileImageKey, keys));
  const referenced = new Set([...entryRows, ...versionRows, ...moreRows.rows, ...profileRows].map((r) => r.key));
  let deleted = 0;
  for (const key of keys) {
    if (referenced.has(shownKeyOf(key))) continue;
    await storage.deleteObject({ key });
    deleted += 1;
  }
  return deleted;
}
