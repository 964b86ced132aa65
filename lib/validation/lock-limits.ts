import { IMAGE_DESCRIPTION_MAX, IMPORTED_PAGE_FIELD_MAX, TITLE_MAX } from "./journal-limits";
import { IMAGE_MAX_BYTES } from "@/lib/images/limits.mjs";

// The diary lock's sizes and messages (docs/decisions/114, 115), for the browser that seals and
// the server that bounds what it stores. No zod and no `server-only`: client/lock imports these.

/** The smallest sealed size: every short title looks alike. */
export const MIN_PADDED = 256;

/**
 * The Padmé size of `length` bytes (Nikitin et al., "Reducing Metadata Leakage from Encrypted
 * Files and Communication with PURBs", 2019): at most 12 % larger, and sizes fall into so few
 * buckets that a length says little more than its order of magnitude. At least MIN_PADDED.
 */
export function paddedLength(length: number): number {
  const l = Math.max(length, MIN_PADDED);
  const e = Math.floor(Math.log2(l));
  const s = Math.floor(Math.log2(e)) + 1;
  const mask = 2 ** (e - s) - 1;
  return Math.ceil(l / (mask + 1)) * (mask + 1);
}

/** The version of a sealed item's layout: its first byte. Anything else is refused, never guessed at. */
export const SEALED_VERSION = 1;

/** A sealed item begins so: `ik1.` and base64url of its version byte, nonce, ciphertext and tag. */
export const SEALED_PREFIX = "ik1.";
const SEALED_OVERHEAD = 1 + 12 + 16;

/** The longest sealed text, in characters, of a plaintext of at most `bytes` UTF-8 bytes. */
export function sealedLengthOf(bytes: number): number {
  return SEALED_PREFIX.length + Math.ceil(((SEALED_OVERHEAD + paddedLength(bytes + 4)) * 4) / 3);
}

/** The code points one character may take (lib/validation/fields.ts, which brings zod), 4 UTF-8 bytes each. */
const BYTES_PER_CHARACTER = 8 * 4;

/** What the server keeps of a locked page's fields: the sealed length of their longest UTF-8. */
export const SEALED_TITLE_MAX = sealedLengthOf(TITLE_MAX * BYTES_PER_CHARACTER);
/** An imported page may be locked too, as long as it was imported (docs/decisions/097). */
export const SEALED_CONTENT_MAX = sealedLengthOf(IMPORTED_PAGE_FIELD_MAX);
/**
 * The bytes of one text field of PUT /api/journals/{id}: a locked imported page's sealed content,
 * which is longer than the same page readable (IMPORTED_PAGE_FIELD_MAX, docs/decisions/097).
 */
export const UPDATE_FIELD_MAX = Math.max(IMPORTED_PAGE_FIELD_MAX, SEALED_CONTENT_MAX);
export const SEALED_IMAGE_DESCRIPTION_MAX = sealedLengthOf(IMAGE_DESCRIPTION_MAX * BYTES_PER_CHARACTER);
/**
 * A locked page's photo, sealed as bytes (client/lock/crypto.ts's sealRaw): at most the sealed size
 * of the largest photo the server takes, at least that of an empty one.
 */
export const SEALED_IMAGE_MAX_BYTES = SEALED_OVERHEAD + paddedLength(IMAGE_MAX_BYTES + 4);
export const SEALED_IMAGE_MIN_BYTES = SEALED_OVERHEAD + MIN_PADDED;

/** A page's sealed revision: it grows by at least one with each sealed write. */
export const SEALED_REVISION_MAX = 2_147_483_647;

/** The ways to unlock a diary: one passphrase, one recovery key and up to this many passkeys. */
export const LOCK_PASSKEYS_MAX = 10;
/** A wrapped secret: a 96-bit nonce, the 32-byte secret and GCM's tag, base64url. */
export const WRAPPED_SECRET_LENGTH = Math.ceil(((12 + 32 + 16) * 4) / 3);
/** The verifier a change of the lock shows: 32 bytes, base64url. */
export const VERIFIER_LENGTH = 43;
/** Argon2id settings a passphrase's wrapping may carry: never weaker than OWASP's floor, never so heavy a phone hangs. */
export const KDF_MEMORY_MIN = 19_456;
export const KDF_MEMORY_MAX = 1_048_576;
export const KDF_ITERATIONS_MAX = 10;
export const KDF_PARALLELISM_MAX = 4;

/** The placeholder a reader without the key shows: the original client, the PDF, the exports. */
export const LOCKED_TITLE = "Locked page";
export const LOCKED_CONTENT = "Locked page — open it in Inkwell to read it.";

export const LOCK_ON_MESSAGE =
  "Your diary is locked: a private page is sealed on your device before it is saved. Write it in Inkwell's app";
export const LOCKED_PAGE_MESSAGE = "This page is locked: open it in Inkwell's app to change it";
export const NOT_LOCKED_MESSAGE = "Your diary is not locked: turn the lock on before sealing a page";
export const SEALED_PRIVATE_MESSAGE = "Only a private page can be locked";
export const SEALED_WITH_TEXT_MESSAGE =
  "A locked page's title and words travel sealed only: leave title and content out";
export const SEALED_FIELD_MESSAGE = "A sealed field must be a sealed item (ik1.…) of its size";
export const SEALED_INCOMPLETE_MESSAGE = "A locked page needs its sealed title, sealed content and revision";
export const SEALED_REVISION_MESSAGE = `Revision must be a whole number from 1 to ${SEALED_REVISION_MAX}`;
export const SEALED_STALE_MESSAGE = "A newer version of this locked page is saved: open it again before saving";
export const SEALED_IMPORTED_MESSAGE = 'imported can be "true" only with a locked page\'s sealed fields';
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
export const WRAPS_MESSAGE = `A lock has exactly one passphrase, one recovery key and at most ${LOCK_PASSKEYS_MAX} passkeys, each once`;
export const VERIFIER_MESSAGE = `Verifier must be ${VERIFIER_LENGTH} base64url characters`;
export const IMPORT_LOCKED_MESSAGE =
  "Your diary is locked: an import here would store its pages readable, so none is taken";

/** The diary lock's passphrase, checked in the browser only: the server never sees it (docs/decisions/114). */
export const PASSPHRASE_MIN = 12;
export const PASSPHRASE_MAX = 1024;
export const PASSPHRASE_SHORT_MESSAGE = `A passphrase needs at least ${PASSPHRASE_MIN} characters: a few words you will remember`;
export const PASSPHRASE_LONG_MESSAGE = `A passphrase can have at most ${PASSPHRASE_MAX} characters`;
export const PASSPHRASE_MISMATCH_MESSAGE = "The two passphrases are not the same";
