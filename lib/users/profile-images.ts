import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { NotFoundError } from "@/lib/errors";
import { parseId } from "@/lib/ids";
import { processProfileImage } from "@/lib/images";
import { logError } from "@/lib/log";
import { newImageKey, type Storage } from "@/lib/storage";
import { type SignedImageRequest } from "@/lib/signed-urls";
import { profileImageKey, profileImageUrl } from "./profile-image-url";
import { IMAGE_NOT_FOUND } from "@/lib/signed-urls/messages";

// Profile pictures: uploaded, then chosen by PUT /api/myprofile, served to anyone signed in
// (docs/decisions/028). Like entry photos (decision 005) they live outside the database: a file is
// stored before a row points to it and deleted only once no row does.

/** How long a presigned S3 URL works: long enough to load a page, short enough not to be shared. */
export const PRESIGNED_PROFILE_IMAGE_SECONDS = 300;
/** How long a browser may keep a picture; each new picture has a new URL, so this only bounds a deleted one's life. */
export const PROFILE_IMAGE_CACHE_SECONDS = 3600;

/**
 * POST /api/upload/profile-image: a centred square of at most 400 × 400, stripped and re-encoded by
 * the same worker pool and limits as entry photos (413/415/400 before anything is stored), kept in
 * the owner's folder. Nothing points to it until PUT /api/myprofile chooses it.
 */
export async function uploadProfileImage({
  db,
  storage,
  ownerId,
  data,
}: {
  db: Db;
  storage: Storage;
  ownerId: string;
  data: Uint8Array;
}) {
  const image = await processProfileImage({ data });
  const key = newImageKey({ kind: "profiles", ownerId });
  await storage.putObject({ key, data: image.data, contentType: image.contentType });
  return { imageUrl: (await profileImageUrl({ db, ownerId, key, viewerId: ownerId }))! };
}

/** Deletes a picture nothing points to any more. The profile's change is already final, so a failure is logged, not reported. */
export async function discardProfileImage({ storage, key }: { storage: Storage; key: string }) {
  try {
    await storage.deleteObject({ key });
  } catch (err) {
    logError("storage", `Could not delete the unreferenced profile image ${key}`, err);
  }
}

export type ProfileImage = { redirect: string } | { body: Buffer; contentType: string };

/**
 * A person's picture for a signed-in viewer. A signed URL names the file itself (so an upload not
 * yet chosen shows in its uploader's form) and speaks for its viewer, who must still exist; without
 * one the route has checked the session, and the owner's current picture is served. With S3 the
 * viewer is sent to a short-lived presigned URL instead of the bytes.
 */
export async function getProfileImage({
  db,
  storage,
  ownerId: rawOwnerId,
  signed,
}: {
  db: Db;
  storage: Storage;
  ownerId: string;
  signed: SignedImageRequest | null;
}): Promise<ProfileImage> {
  const ownerId = parseId({ value: rawOwnerId, message: IMAGE_NOT_FOUND });
  let key: string | null;
  if (signed) {
    const [viewer] = await db.select({ id: users.id }).from(users).where(eq(users.id, signed.viewerId));
    if (!viewer) throw new NotFoundError(IMAGE_NOT_FOUND);
    key = profileImageKey({ ownerId, version: signed.version });
  } else {
    const [owner] = await db.select({ key: users.profileImageKey }).from(users).where(eq(users.id, ownerId));
    key = owner?.key ?? null;
  }
  if (!key) throw new NotFoundError(IMAGE_NOT_FOUND);
  if (storage.presignGet)
    return { redirect: await storage.presignGet({ key, expiresInSeconds: PRESIGNED_PROFILE_IMAGE_SECONDS }) };
  const object = await storage.getObject({ key });
  if (!object) throw new NotFoundError(IMAGE_NOT_FOUND);
  return { body: object.body, contentType: object.contentType };
}
