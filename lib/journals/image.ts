import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { friendships, journals } from "@/lib/db/schema";
import { NotFoundError } from "@/lib/errors";
import type { Storage } from "@/lib/storage";
import { parseId } from "@/lib/ids";
import { IMAGE_NOT_FOUND } from "./image-url";
import { photoNamed } from "./page-photos";

export { IMAGE_NOT_FOUND };
/** How long a presigned S3 URL works: long enough to load a page, short enough not to be shared. */
export const PRESIGNED_IMAGE_SECONDS = 300;

/**
 * How long a browser may keep a photo it was allowed to see. The URL changes with the photo, so
 * this only bounds how long a copy outlives a revoked friendship or a deleted entry.
 */
export const IMAGE_CACHE_SECONDS = 3600;

export type JournalImage = { redirect: string } | { body: Buffer; contentType: string };

/**
 * An entry's photo for one viewer: its author, or a friend of the author when the entry is shared
 * with the close circle. Everyone else gets the same 404 as for an entry that does not exist.
 * Checked on every request, signed URL or not, so unfriending or making the entry private takes
 * effect at once. `version`, from a signed URL, must still be the entry's photo: a URL signed for
 * a replaced photo does not show its successor. With S3 the caller is sent to a short-lived
 * presigned URL instead of the bytes.
 */
export async function getJournalImage({
  db,
  storage,
  viewerId,
  id: rawId,
  version,
}: {
  db: Db;
  storage: Storage;
  viewerId: string;
  id: string;
  version?: string;
}): Promise<JournalImage> {
  const id = parseId({ value: rawId, message: IMAGE_NOT_FOUND });
  const [row] = await db
    .select({
      authorId: journals.authorId,
      visibility: journals.visibility,
      imageKey: journals.imageKey,
      imageDescription: journals.imageDescription,
      morePhotos: journals.morePhotos,
      locked: sql<boolean>`${journals.sealed} is not null`,
      friend: friendships.userId,
    })
    .from(journals)
    .leftJoin(friendships, and(eq(friendships.userId, viewerId), eq(friendships.friendId, journals.authorId)))
    .where(eq(journals.id, id));
  const mayView = row && (row.authorId === viewerId || (row.visibility === "close-circle" && row.friend !== null));
  // `version` names one of the page's photos (docs/decisions/133); without it, the cover.
  const key = row && mayView ? photoNamed(row, version) : undefined;
  if (!row || !key) throw new NotFoundError(IMAGE_NOT_FOUND);

  // A sealed photo is read by the writer's own page with fetch(): from this origin, never another's.
  if (storage.presignGet && !row.locked)
    return { redirect: await storage.presignGet({ key, expiresInSeconds: PRESIGNED_IMAGE_SECONDS }) };
  const object = await storage.getObject({ key });
  if (!object) throw new NotFoundError(IMAGE_NOT_FOUND);
  return { body: object.body, contentType: object.contentType };
}
