import "server-only";
import type { Db } from "@/lib/db/client";
import type { SealedPage } from "@/lib/db/schema";
import { ConflictError, PayloadTooLargeError, ValidationError } from "@/lib/errors";
import {
  DIARY_LOCKED_MESSAGE,
  LOCK_TURNING_OFF_MESSAGE,
  LOCKED_PAGE_MESSAGE,
  NOT_LOCKED_MESSAGE,
  SEALED_INCOMPLETE_MESSAGE,
  SEALED_PHOTO_MESSAGE,
  SEALED_PHOTOS_ONE_WAY_MESSAGE,
  SEALED_PRIVATE_MESSAGE,
  SEALED_STALE_MESSAGE,
  SEALED_IMAGE_MAX_BYTES,
  SEALED_IMAGE_MESSAGE,
  SEALED_IMPORTED_MESSAGE,
  SEALED_IMAGE_MIN_BYTES,
  SEALED_VERSION,
  UNSEAL_PHOTO_MESSAGE,
} from "@/lib/validation/lock-limits";
import { holdLockState, lockOf } from "./lock";

// What the diary lock asks of every entry write (docs/decisions/115): with the lock on, no private
// page is stored readable; a locked page is private, has no readable photo, only moves forward in
// revision, and is made readable again only by a client that names the revision it replaces (the
// original client, which cannot, can neither overwrite nor damage it).

/** The sealed fields of an entry's input, or undefined for a readable write; a half-sealed one is a 400. */
export function sealedOf(input: {
  sealedTitle?: string;
  sealedContent?: string;
  sealedImageDescription?: string;
  sealedRevision?: number;
  sealedPhotos?: unknown;
}): SealedPage | undefined {
  const { sealedTitle, sealedContent, sealedImageDescription, sealedRevision } = input;
  if (
    sealedTitle === undefined &&
    sealedContent === undefined &&
    sealedImageDescription === undefined &&
    sealedRevision === undefined &&
    input.sealedPhotos === undefined
  )
    return undefined;
  if (sealedTitle === undefined || sealedContent === undefined || sealedRevision === undefined) {
    const missing = (["sealedTitle", "sealedContent", "sealedRevision"] as const).filter((k) => input[k] === undefined);
    throw new ValidationError(
      SEALED_INCOMPLETE_MESSAGE,
      missing.map((path) => ({ path, message: SEALED_INCOMPLETE_MESSAGE })),
    );
  }
  return {
    v: 1,
    revision: sealedRevision,
    title: sealedTitle,
    content: sealedContent,
    imageDescription: sealedImageDescription ?? null,
    imageRevision: null,
  };
}

/** Refuses what a write's own fields make impossible, before an upload costs any work. */
export function assertSealedShape({
  sealed,
  visibility,
  image,
  sealedImage,
  imported,
  input,
}: {
  sealed: SealedPage | undefined;
  visibility: string;
  image: boolean;
  sealedImage: boolean;
  /** The save's other photo fields: a locked page's photos come as `sealedPhotos` or as the one-photo fields, not both. */
  input: { sealedPhotos?: unknown; sealedImageDescription?: string; removeImage?: boolean };
  /** Marked imported by the browser that imported it (docs/decisions/121): only a sealed page, whose words the server cannot read. */
  imported: boolean;
}) {
  if (!sealed) {
    if (sealedImage)
      throw new ValidationError(SEALED_IMAGE_MESSAGE, [{ path: "sealedImage", message: SEALED_IMAGE_MESSAGE }]);
    if (imported)
      throw new ValidationError(SEALED_IMPORTED_MESSAGE, [{ path: "imported", message: SEALED_IMPORTED_MESSAGE }]);
    return;
  }
  if (visibility !== "private")
    throw new ValidationError(SEALED_PRIVATE_MESSAGE, [{ path: "visibility", message: SEALED_PRIVATE_MESSAGE }]);
  if (image) throw new ValidationError(SEALED_PHOTO_MESSAGE, [{ path: "image", message: SEALED_PHOTO_MESSAGE }]);
  if (
    input.sealedPhotos !== undefined &&
    (sealedImage || input.sealedImageDescription !== undefined || input.removeImage)
  )
    throw new ValidationError(SEALED_PHOTOS_ONE_WAY_MESSAGE, [
      { path: "sealedPhotos", message: SEALED_PHOTOS_ONE_WAY_MESSAGE },
    ]);
}

/**
 * A sealed photo's bytes as client/lock/crypto.ts's sealRaw makes them: its version byte, and a
 * size between an empty photo's and the largest photo's sealed sizes. What they hold, nobody here knows.
 */
export function assertSealedImage(data: Uint8Array) {
  if (data[0] !== SEALED_VERSION || data.byteLength < SEALED_IMAGE_MIN_BYTES)
    throw new ValidationError(SEALED_IMAGE_MESSAGE, [{ path: "sealedImage", message: SEALED_IMAGE_MESSAGE }]);
  if (data.byteLength > SEALED_IMAGE_MAX_BYTES) throw new PayloadTooLargeError(SEALED_IMAGE_MESSAGE);
}

/** What a page's photo will be after a write: none, readable, or sealed. */
export type PhotoState = "none" | "readable" | "sealed";

export const photoState = (photo: { sealed: boolean } | undefined): PhotoState =>
  !photo ? "none" : photo.sealed ? "sealed" : "readable";

/**
 * In the write's transaction: holds the person's lock state (lib/lock/lock.ts) and refuses a write
 * the lock forbids. `current` is the stored page's sealed fields for an update (null: readable),
 * `photo` what the page's photo will be after it. Returns the lock as the write found it (null: none).
 */
export async function assertLockAllows({
  tx,
  authorId,
  visibility,
  sealed,
  current,
  unseal,
  photo,
}: {
  tx: Db;
  authorId: string;
  visibility: string;
  sealed: SealedPage | undefined;
  current?: SealedPage | null;
  unseal?: number;
  photo: PhotoState;
}): Promise<{ turningOff: boolean } | null> {
  await holdLockState({ tx, userId: authorId, alone: false });
  if (current && !sealed && unseal !== current.revision) throw new ConflictError(LOCKED_PAGE_MESSAGE);
  const lock = await lockOf({ db: tx, userId: authorId });
  if (sealed && !lock) throw new ConflictError(NOT_LOCKED_MESSAGE);
  // While the lock is turned off (lib/lock/lock.ts's turnOffLock) pages only become readable.
  if (sealed && lock?.turningOff) throw new ConflictError(LOCK_TURNING_OFF_MESSAGE);
  if (!sealed && lock && !lock.turningOff && visibility === "private") throw new ConflictError(DIARY_LOCKED_MESSAGE);
  if (sealed && current && sealed.revision <= current.revision) throw new ConflictError(SEALED_STALE_MESSAGE);
  if (sealed && photo === "readable")
    throw new ValidationError(SEALED_PHOTO_MESSAGE, [{ path: "image", message: SEALED_PHOTO_MESSAGE }]);
  if (!sealed && photo === "sealed")
    throw new ValidationError(UNSEAL_PHOTO_MESSAGE, [{ path: "image", message: UNSEAL_PHOTO_MESSAGE }]);
  return lock;
}
