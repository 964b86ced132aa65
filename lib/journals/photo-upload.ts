import "server-only";
import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { photoUploads } from "@/lib/db/schema";
import { ConflictError, RateLimitError } from "@/lib/errors";
import { processEntryImage } from "@/lib/images";
import { assertSealedImage } from "@/lib/lock/guard";
import { lockOf } from "@/lib/lock/lock";
import { putEntryPhoto, type Storage } from "@/lib/storage";
import { LOCK_TURNING_OFF_MESSAGE, NOT_LOCKED_MESSAGE } from "@/lib/validation/lock-limits";
import { storeSealedPhoto } from "./photo-files";
import { PHOTO_UPLOAD_HOURS, PHOTO_UPLOADS_WAITING_MAX, PHOTO_UPLOADS_WAITING_MESSAGE } from "./photo-upload-limits";

/** An upload still waiting for its save: younger than PHOTO_UPLOAD_HOURS. */
export const stillWaiting = () =>
  gt(photoUploads.createdAt, sql`now() - make_interval(hours => ${PHOTO_UPLOAD_HOURS})`);

/** Refuses a new upload while the person already has PHOTO_UPLOADS_WAITING_MAX waiting. */
async function assertRoomToWait({ db, userId }: { db: Db; userId: string }) {
  const [row] = await db
    .select({ waiting: count() })
    .from(photoUploads)
    .where(and(eq(photoUploads.userId, userId), stillWaiting()));
  if ((row?.waiting ?? 0) >= PHOTO_UPLOADS_WAITING_MAX)
    throw new RateLimitError(60 * 60, PHOTO_UPLOADS_WAITING_MESSAGE);
}

/** The stored photo's row, waiting for its save; its id and until when it waits. */
async function waitForSave({
  db,
  userId,
  key,
  sealedRevision = null,
}: {
  db: Db;
  userId: string;
  key: string;
  sealedRevision?: number | null;
}) {
  const [upload] = await db
    .insert(photoUploads)
    .values({ userId, key, sealedRevision })
    .returning({ id: photoUploads.id, createdAt: photoUploads.createdAt });
  return {
    id: upload!.id,
    expiresAt: new Date(upload!.createdAt.getTime() + PHOTO_UPLOAD_HOURS * 3_600_000).toISOString(),
  };
}

/**
 * A photo for a page not saved yet (docs/decisions/133): processed as every entry photo is
 * (lib/images: re-encoded, stripped, 1600 px shown and a full-size copy), stored, and waiting
 * PHOTO_UPLOAD_HOURS for a save of its uploader's that names its id. A person may have at most
 * PHOTO_UPLOADS_WAITING_MAX waiting: the bound on what they can store without a page.
 */
export async function uploadEntryPhoto({
  db,
  storage,
  userId,
  data,
}: {
  db: Db;
  storage: Storage;
  userId: string;
  data: Uint8Array;
}) {
  await assertRoomToWait({ db, userId });
  const key = await putEntryPhoto({ storage, image: await processEntryImage({ data }) });
  return waitForSave({ db, userId, key });
}

/**
 * A locked page's photo for a page not saved yet (docs/decisions/139): sealed in the browser for
 * the page's revision `revision`, checked and stored as it came, as a locked page's one photo is
 * (docs/decisions/115), and waiting as every upload does, within the same bound. Only while the
 * person's diary lock is on: nothing else could ever name it.
 */
export async function uploadSealedEntryPhoto({
  db,
  storage,
  userId,
  data,
  revision,
}: {
  db: Db;
  storage: Storage;
  userId: string;
  data: Uint8Array;
  revision: number;
}) {
  assertSealedImage(data);
  const lock = await lockOf({ db, userId });
  if (!lock) throw new ConflictError(NOT_LOCKED_MESSAGE);
  if (lock.turningOff) throw new ConflictError(LOCK_TURNING_OFF_MESSAGE);
  await assertRoomToWait({ db, userId });
  const key = await storeSealedPhoto({ storage, data });
  return waitForSave({ db, userId, key, sealedRevision: revision });
}
