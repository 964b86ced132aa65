import "server-only";
import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { photoUploads } from "@/lib/db/schema";
import { RateLimitError } from "@/lib/errors";
import { processEntryImage } from "@/lib/images";
import { putEntryPhoto, type Storage } from "@/lib/storage";
import { PHOTO_UPLOAD_HOURS, PHOTO_UPLOADS_WAITING_MAX, PHOTO_UPLOADS_WAITING_MESSAGE } from "./photo-upload-limits";

/** An upload still waiting for its save: younger than PHOTO_UPLOAD_HOURS. */
export const stillWaiting = () =>
  gt(photoUploads.createdAt, sql`now() - make_interval(hours => ${PHOTO_UPLOAD_HOURS})`);

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
  const [row] = await db
    .select({ waiting: count() })
    .from(photoUploads)
    .where(and(eq(photoUploads.userId, userId), stillWaiting()));
  if ((row?.waiting ?? 0) >= PHOTO_UPLOADS_WAITING_MAX)
    throw new RateLimitError(60 * 60, PHOTO_UPLOADS_WAITING_MESSAGE);
  const key = await putEntryPhoto({ storage, image: await processEntryImage({ data }) });
  const [upload] = await db
    .insert(photoUploads)
    .values({ userId, key })
    .returning({ id: photoUploads.id, createdAt: photoUploads.createdAt });
  return {
    id: upload!.id,
    expiresAt: new Date(upload!.createdAt.getTime() + PHOTO_UPLOAD_HOURS * 3_600_000).toISOString(),
  };
}
