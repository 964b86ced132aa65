import "server-only";
import { randomUUID } from "node:crypto";
import { ValidationError } from "@/lib/errors";

export const STORAGE_KEY_MESSAGE = "Invalid storage key";
export const STORAGE_PREFIX_MESSAGE = "Invalid storage prefix";

// Keys look like `entries/3f0c…-….webp`: folders of letters, digits, `-` and `_`, then a file name
// with one of the extensions below. Nothing else is allowed, so no key can climb out of the
// uploads folder ('..', '/abs', 'a\\b', '.hidden'), and the extension alone tells the content type.
const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  avif: "image/avif",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  // An export's ZIP (lib/exports, docs/decisions/074), under `exports/<user id>/`.
  zip: "application/zip",
  // A locked page's photo, sealed in its writer's browser (docs/decisions/115): bytes nobody else can open.
  sealed: "application/octet-stream",
};
const KEY_PATTERN = /^(?:[A-Za-z0-9_-]+\/){0,4}[A-Za-z0-9_-]+\.([a-z]+)$/;
export const STORAGE_KEY_MAX_LENGTH = 200;

/**
 * A fresh, unguessable key for a processed (WebP) image: `entries/<uuid>.webp`, or
 * `profiles/<owner id>/<uuid>.webp`, whose folder names the person it belongs to; a locked page's
 * sealed photo is `entries/<uuid>.sealed`.
 */
export function newImageKey(
  target: { kind: "entries" } | { kind: "sealed-entries" } | { kind: "profiles"; ownerId: string },
): string {
  if (target.kind === "sealed-entries") return `entries/${randomUUID()}.sealed`;
  const folder = target.kind === "profiles" ? `profiles/${target.ownerId}` : target.kind;
  return `${folder}/${randomUUID()}.webp`;
}

const SHOWN_ENTRY_PHOTO = /^(entries\/[0-9a-f-]{36})\.webp$/;
const FULL_SIZE_COPY = /^(entries\/[0-9a-f-]{36})-full\.(?:jpg|webp)$/;

/**
 * Where an entry photo's full-size copy is kept (docs/decisions/129), next to the photo shown,
 * `entries/<uuid>.webp`: `entries/<uuid>-full.jpg`, or `.webp` for one with transparency. Its key
 * is derived, never stored: every row, version and restore that keeps a photo keeps its copy.
 */
export function fullSizeKey(key: string, contentType: string): string {
  const shown = SHOWN_ENTRY_PHOTO.exec(key);
  if (!shown) throw new Error(`${key} is not an entry photo's key`);
  return `${shown[1]}-full.${contentType === "image/jpeg" ? "jpg" : "webp"}`;
}

/** The keys a full-size copy of the photo stored under `key` may have; none for any other file. */
export function fullSizeKeys(key: string): string[] {
  return SHOWN_ENTRY_PHOTO.test(key) ? [fullSizeKey(key, "image/jpeg"), fullSizeKey(key, "image/webp")] : [];
}

/** The files of a photo stored under `key`: itself and, for an entry photo, wherever its full-size copy may be. */
export function photoFileKeys(key: string): string[] {
  return [key, ...fullSizeKeys(key)];
}

/** The photo a full-size copy belongs to, or the key itself for any other file (housekeeping's question). */
export function shownKeyOf(key: string): string {
  const full = FULL_SIZE_COPY.exec(key);
  return full ? `${full[1]}.webp` : key;
}

function contentTypeOf(key: string): string | undefined {
  const extension = key.length <= STORAGE_KEY_MAX_LENGTH ? KEY_PATTERN.exec(key)?.[1] : undefined;
  // hasOwn: an extension such as `constructor` must not find Object.prototype's.
  return extension && Object.hasOwn(CONTENT_TYPES, extension) ? CONTENT_TYPES[extension] : undefined;
}

/** The content type a key's extension stands for; throws for a key that is not safe to use. */
export function getKeyContentType({ key }: { key: string }): string {
  const contentType = contentTypeOf(key);
  if (!contentType) throw new ValidationError(STORAGE_KEY_MESSAGE);
  return contentType;
}

/** Whether `key` is one a driver could have stored (listing skips anything else it finds). */
export function isStorageKey(key: string): boolean {
  return contentTypeOf(key) !== undefined;
}

const PREFIX_PATTERN = /^(?:[A-Za-z0-9_-]+\/){1,4}$/;

/** A folder to list: one to four key segments, each followed by `/`; throws for anything else. */
export function assertKeyPrefix(prefix: string): void {
  if (!PREFIX_PATTERN.test(prefix)) throw new ValidationError(STORAGE_PREFIX_MESSAGE);
}

/** Both drivers refuse to store an object under a key whose extension says another type. */
export function assertKeyContentType({ key, contentType }: { key: string; contentType: string }): void {
  const expected = getKeyContentType({ key });
  if (contentType !== expected) throw new Error(`Storage key ${key} is for ${expected}, not ${contentType}`);
}
