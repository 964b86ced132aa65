import { IMAGE_DESCRIPTION_MAX, IMPORTED_PAGE_FIELD_MAX, TITLE_MAX } from "./journal-limits";
import { IMAGE_MAX_BYTES } from "@/lib/images/limits.mjs";

// The diary lock's sizes and its placeholder (docs/decisions/114, 115), for the browser that seals
// and the server that bounds what it stores. No zod and no `server-only`: client/lock imports
// these, and so do the diary's first screens (its list, its outbox), which need none of the
// messages in ./lock-limits.ts.

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
