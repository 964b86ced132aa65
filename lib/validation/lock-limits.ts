import { LOCK_PASSKEYS_MAX, SEALED_IMAGE_MAX_BYTES, SEALED_REVISION_MAX, VERIFIER_LENGTH } from "./lock-sizes";

// The diary lock's messages (docs/decisions/114, 115), and its sizes (./lock-sizes.ts) with them.
// No zod and no `server-only`: client/lock imports these.

export * from "./lock-sizes";

export const DIARY_LOCKED_MESSAGE =
  "Your diary is locked: a private page is sealed on your device before it is saved. Write it in Inkwell's app";
export const LOCKED_PAGE_MESSAGE = "This page is locked: open it in Inkwell's app to change it";
export const NOT_LOCKED_MESSAGE = "Your diary is not locked: turn the lock on before sealing a page";
export const SEALED_PRIVATE_MESSAGE = "Only a private page can be locked";
export const SEALED_WITH_TEXT_MESSAGE =
  "A locked page's title and words travel sealed only: leave title and content out";
export const SEALED_FIELD_MESSAGE = "A sealed field must be a sealed item (ik1.…) of its size";
export const SEALED_INCOMPLETE_MESSAGE = "A locked page needs its sealed title, sealed content and revision";
export const SEALED_PHOTOS_MESSAGE = `sealedPhotos must be a JSON list of a locked page's photos, each {"upload": the id of a sealed photo from POST /api/upload/entry-photo} or {"photo": the id of one of the page's sealed photos}, with an optional "description", a sealed item`;
/** A locked page's photos come one way in a save. */
export const SEALED_PHOTOS_ONE_WAY_MESSAGE =
  "Send a locked page's photos either as sealedPhotos, or as sealedImage, sealedImageDescription and removeImage, not both";
/** A sealed upload named by a save sealed for an earlier revision than the photo's. */
export const SEALED_PHOTO_AHEAD_MESSAGE = "A photo was sealed for a later revision than the page's: seal it again";
export const SEALED_REVISION_MESSAGE = `Revision must be a whole number from 1 to ${SEALED_REVISION_MAX}`;
export const SEALED_STALE_MESSAGE = "A newer version of this locked page is saved: open it again before saving";
export const SEALED_IMPORTED_MESSAGE = `imported can be "true" only with a locked page's sealed fields`;
export const UNSEAL_MESSAGE = "unseal must be the locked page's current revision";
export const SEALED_PHOTO_MESSAGE =
  "A locked page cannot keep a readable photo: send it sealed (sealedImage) or remove it";
export const UNSEAL_PHOTO_MESSAGE =
  "A page made readable cannot keep its sealed photo: send the photo readable (image) or remove it";
export const SEALED_IMAGE_MESSAGE = `A sealed photo must be a sealed item of at most ${Math.floor(
  SEALED_IMAGE_MAX_BYTES / 1_000_000,
)} MB, sent with the page's other sealed fields`;
export const LOCK_TURNING_OFF_MESSAGE =
  "Your diary lock is being turned off: pages are saved readable now, so none is sealed";
export const LOCK_EXISTS_MESSAGE = "Your diary is already locked";
export const NO_LOCK_MESSAGE = "Your diary is not locked";
export const WRONG_VERIFIER_MESSAGE = "That is not this diary's key: unlock the diary again and retry";
export const UNVERIFIED_LOCK_MESSAGE = "Confirm your email address before you lock your diary";
export const LOCK_WRAPS_MESSAGE = `A lock has exactly one passphrase, one recovery key and at most ${LOCK_PASSKEYS_MAX} passkeys, each once`;
export const LOCK_VERIFIER_MESSAGE = `Verifier must be ${VERIFIER_LENGTH} base64url characters`;
export const IMPORT_LOCKED_MESSAGE =
  "Your diary is locked: an import here would store its pages readable, so none is taken";

/** The diary lock's passphrase, checked in the browser only: the server never sees it (docs/decisions/114). */
export const PASSPHRASE_MIN = 12;
export const PASSPHRASE_MAX = 1024;
export const PASSPHRASE_SHORT_MESSAGE = `A passphrase needs at least ${PASSPHRASE_MIN} characters: a few words you will remember`;
export const PASSPHRASE_LONG_MESSAGE = `A passphrase can have at most ${PASSPHRASE_MAX} characters`;
export const PASSPHRASE_MISMATCH_MESSAGE = "The two passphrases are not the same";
