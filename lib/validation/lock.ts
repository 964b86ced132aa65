import { z } from "zod";
import { text } from "./fields";
import { photoListField } from "./photo-list";
import { eitherCode, stepUpPassword } from "./two-factor";
import {
  KDF_ITERATIONS_MAX,
  KDF_MEMORY_MAX,
  KDF_MEMORY_MIN,
  KDF_PARALLELISM_MAX,
  LOCK_PASSKEYS_MAX,
  SEALED_CONTENT_MAX,
  SEALED_FIELD_MESSAGE,
  SEALED_IMAGE_DESCRIPTION_MAX,
  SEALED_PHOTOS_MESSAGE,
  SEALED_PREFIX,
  SEALED_REVISION_MAX,
  SEALED_REVISION_MESSAGE,
  SEALED_TITLE_MAX,
  UNSEAL_MESSAGE,
  VERIFIER_LENGTH,
  LOCK_VERIFIER_MESSAGE,
  WRAPPED_SECRET_LENGTH,
  LOCK_WRAPS_MESSAGE,
} from "./lock-limits";

// The diary lock's inputs (docs/decisions/115): the wrappings of the diary secret, the verifier that
// proves it, and a locked page's sealed fields. The server opens none of them; it bounds each by
// its size and shape, so what it stores is what a browser made or a clean 400.

const b64url = (label: string, max: number) =>
  text(label, { maxUnits: max, tooLong: `${label} is too long` }).regex(
    /^[A-Za-z0-9_-]+$/,
    `${label} must be base64url`,
  );

export const verifierField = text("Verifier", { maxUnits: VERIFIER_LENGTH, tooLong: LOCK_VERIFIER_MESSAGE }).regex(
  new RegExp(`^[A-Za-z0-9_-]{${VERIFIER_LENGTH}}$`),
  LOCK_VERIFIER_MESSAGE,
);

export const WRAPPED_SECRET_MESSAGE = `Wrapped secret must be ${WRAPPED_SECRET_LENGTH} characters`;
export const KDF_SALT_MESSAGE = "Salt must be 16 bytes, base64url";
export const KDF_MESSAGE = `A passphrase's key settings are Argon2id's: memorySize ${KDF_MEMORY_MIN} to ${KDF_MEMORY_MAX} KiB, iterations 1 to ${KDF_ITERATIONS_MAX}, parallelism 1 to ${KDF_PARALLELISM_MAX}`;

const wrapped = b64url("Wrapped secret", WRAPPED_SECRET_LENGTH).length(WRAPPED_SECRET_LENGTH, WRAPPED_SECRET_MESSAGE);

/** A whole number from `min` to `max`, else KDF_MESSAGE. */
const kdfNumber = (min: number, max: number) => z.int(KDF_MESSAGE).min(min, KDF_MESSAGE).max(max, KDF_MESSAGE);

const kdf = z.object({
  salt: b64url("Salt", 22).length(22, KDF_SALT_MESSAGE),
  memorySize: kdfNumber(KDF_MEMORY_MIN, KDF_MEMORY_MAX),
  iterations: kdfNumber(1, KDF_ITERATIONS_MAX),
  parallelism: kdfNumber(1, KDF_PARALLELISM_MAX),
});

const wrap = z.discriminatedUnion("kind", [
  z.object({ v: z.literal(1), kind: z.literal("passphrase"), id: z.literal("passphrase"), kdf, sealed: wrapped }),
  z.object({ v: z.literal(1), kind: z.literal("recovery"), id: z.literal("recovery"), sealed: wrapped }),
  z.object({ v: z.literal(1), kind: z.literal("passkey"), id: b64url("Credential id", 1400), sealed: wrapped }),
]);

/** Exactly one passphrase and one recovery key, at most LOCK_PASSKEYS_MAX passkeys, none twice. */
export const wrapsField = z
  .array(wrap)
  .max(LOCK_PASSKEYS_MAX + 2, LOCK_WRAPS_MESSAGE)
  .refine(
    (ws) =>
      ws.filter((w) => w.kind === "passphrase").length === 1 &&
      ws.filter((w) => w.kind === "recovery").length === 1 &&
      new Set(ws.map((w) => `${w.kind}:${w.id}`)).size === ws.length,
    LOCK_WRAPS_MESSAGE,
  );

/** POST /api/lock: the person (as for a new way in, docs/decisions/096), the verifier and the wrappings. */
export const TurnOnLockSchema = z.object({
  password: stepUpPassword,
  code: eitherCode.optional(),
  verifier: verifierField,
  wraps: wrapsField,
});

/**
 * POST /api/lock/off: to begin, the person (as for turning it on) and the verifier, which proves
 * this browser holds the secret; to finish, once every page is readable again, nothing.
 */
export const TurnOffLockSchema = z.object({
  password: stepUpPassword,
  code: eitherCode.optional(),
  verifier: verifierField.optional(),
});

/** PUT /api/lock/wraps: the verifier proves the secret; the wrappings replace every earlier one. */
export const ReplaceWrapsSchema = z.object({ verifier: verifierField, wraps: wrapsField });

const sealedItem = (label: string, max: number) =>
  text(label, { maxUnits: max, tooLong: SEALED_FIELD_MESSAGE }).regex(
    new RegExp(`^${SEALED_PREFIX.replace(".", "\\.")}[A-Za-z0-9_-]{40,}$`),
    SEALED_FIELD_MESSAGE,
  );

const revision = z
  .string({ error: SEALED_REVISION_MESSAGE })
  .max(10, SEALED_REVISION_MESSAGE)
  .regex(/^[1-9]\d*$/, SEALED_REVISION_MESSAGE)
  .transform(Number)
  .refine((n) => n <= SEALED_REVISION_MAX, SEALED_REVISION_MESSAGE);

/** POST /api/upload/entry-photo's field beside a sealed photo: the revision its associated data names (docs/decisions/139). */
export const SealedPhotoUploadSchema = z.object({ sealedRevision: revision });

/**
 * A locked page's fields in an entry's multipart body (POST and PUT /api/journals): sealed title,
 * content and photo description, and the revision their associated data names. All optional here;
 * lib/journals/write.ts decides which a write needs.
 */
export const sealedEntryShape = {
  sealedTitle: sealedItem("Sealed title", SEALED_TITLE_MAX).optional(),
  sealedContent: sealedItem("Sealed content", SEALED_CONTENT_MAX).optional(),
  sealedImageDescription: sealedItem("Sealed photo description", SEALED_IMAGE_DESCRIPTION_MAX).optional(),
  sealedRevision: revision.optional(),
  /**
   * A locked page's whole list of photos, sealed (docs/decisions/139): sealed uploads and the
   * page's own sealed photos, each with its description sealed; instead of sealedImage.
   */
  sealedPhotos: photoListField(
    "sealedPhotos",
    // "" clears a description; anything else is a sealed item.
    z.union([z.literal(""), sealedItem("Sealed photo description", SEALED_IMAGE_DESCRIPTION_MAX)]).optional(),
    SEALED_PHOTOS_MESSAGE,
  ),
  /** A readable write over a locked page names the revision it replaces, so only a client that knows the page is locked unlocks it. */
  unseal: z
    .string({ error: UNSEAL_MESSAGE })
    .max(10, UNSEAL_MESSAGE)
    .regex(/^[1-9]\d*$/, UNSEAL_MESSAGE)
    .transform(Number)
    .optional(),
};
