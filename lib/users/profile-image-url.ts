import "server-only";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { NotFoundError, ValidationError } from "@/lib/errors";
import { signImageUrl, verifyImageQuery, type SignedImageRequest } from "@/lib/signed-urls";
import { IMAGE_NOT_FOUND } from "@/lib/signed-urls/messages";

// A profile image is stored as `profiles/<owner id>/<uuid>.webp` and shown, to anyone signed in,
// as `$APP_URL/api/users/<owner id>/avatar?v=<uuid>&u=<viewer>&e=&s=`, signed for that viewer
// (docs/decisions/028). The URL names the owner, whose picture it is anyway, and the file's uuid,
// so a fresh upload can be shown before the profile points to it.

export const PROFILE_IMAGE_NOT_OURS_MESSAGE =
  "Profile image must be empty or an image URL this server gave you (from POST /api/upload/profile-image or your profile) that has not expired";

const KEY = /^profiles\/([0-9a-f-]{36})\/([0-9a-f-]{36})\.webp$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function profileImagePath({ ownerId }: { ownerId: string }): string {
  return `/api/users/${ownerId}/avatar`;
}

/** The storage key of `ownerId`'s image `version` (the file's uuid). */
export function profileImageKey({ ownerId, version }: { ownerId: string; version: string }): string {
  return `profiles/${ownerId}/${version}.webp`;
}

/**
 * The picture's URL for one viewer, or null when there is none. Anything that is not a key in the
 * owner's own folder is shown as no picture (the database's check allows nothing else either).
 */
export async function profileImageUrl({
  db,
  ownerId,
  key,
  viewerId,
}: {
  db: Db;
  ownerId: string;
  key: string | null;
  viewerId: string;
}): Promise<string | null> {
  const match = key ? KEY.exec(key) : null;
  if (!match || match[1] !== ownerId) return null;
  return signImageUrl({
    db,
    purpose: "profile-image",
    path: profileImagePath({ ownerId }),
    id: ownerId,
    version: match[2]!,
    viewerId,
  });
}

/** The viewer a signed profile image URL speaks for; null without a signature; 404 for a bad one. */
export async function verifyProfileImageQuery({
  db,
  ownerId,
  query,
}: {
  db: Db;
  ownerId: string;
  query: URLSearchParams;
}): Promise<SignedImageRequest | null> {
  const signed = await verifyImageQuery({ db, purpose: "profile-image", id: ownerId, query });
  if (signed && !UUID.test(signed.version)) throw new NotFoundError(IMAGE_NOT_FOUND);
  return signed;
}

/**
 * The key behind a `profileImage` sent to PUT /api/myprofile: exactly a URL this server signed for
 * `ownerId` about their own picture, still valid. Anything else (another site's address, someone
 * else's picture, a URL signed for another viewer, changed or expired) is a 400.
 */
export async function profileImageKeyFromUrl({
  db,
  ownerId,
  url,
}: {
  db: Db;
  ownerId: string;
  url: string;
}): Promise<string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ValidationError(PROFILE_IMAGE_NOT_OURS_MESSAGE);
  }
  if (parsed.origin !== new URL(config().APP_URL).origin || parsed.pathname !== profileImagePath({ ownerId })) {
    throw new ValidationError(PROFILE_IMAGE_NOT_OURS_MESSAGE);
  }
  let signed: SignedImageRequest | null;
  try {
    signed = await verifyProfileImageQuery({ db, ownerId, query: parsed.searchParams });
  } catch (err) {
    if (err instanceof NotFoundError) throw new ValidationError(PROFILE_IMAGE_NOT_OURS_MESSAGE);
    throw err;
  }
  if (!signed || signed.viewerId !== ownerId) throw new ValidationError(PROFILE_IMAGE_NOT_OURS_MESSAGE);
  return profileImageKey({ ownerId, version: signed.version });
}
