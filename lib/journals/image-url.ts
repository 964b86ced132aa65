import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { NotFoundError } from "@/lib/errors";
import { parseId } from "@/lib/ids";
import { getAppSecret } from "@/lib/secrets";

// Photo URLs that load in a plain <img> from any allowed origin, with no cookie or header: signed
// for one viewer, valid for a while (docs/decisions/024). The signature only says who asks; the
// route still checks, as it serves, that this viewer may see the photo now.

export const IMAGE_NOT_FOUND = "Image not found";

const HOUR_SECONDS = 3600;
/** A signature is never issued for longer than this, so an expiry further away is not ours. */
const MAX_LIFETIME_SECONDS = 2 * HOUR_SECONDS;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The part of a photo's key that names it in its URL: it changes with every new photo, so a cached copy never stands in for another. */
export function imageVersion(imageKey: string): string {
  return imageKey.replace(/^.*\//, "").replace(/[^0-9a-f]/gi, "").slice(0, 12);
}

/**
 * An hour from now, rounded up to the next whole hour: valid for 1 to 2 hours, and the same URL
 * for everything signed within one hour, so a browser's cached copy keeps being used.
 */
function expiryFromNow(): number {
  return Math.ceil((Math.floor(Date.now() / 1000) + HOUR_SECONDS) / HOUR_SECONDS) * HOUR_SECONDS;
}

async function imageUrlKey({ db }: { db: Db }): Promise<string> {
  return config().IMAGE_URL_SECRET ?? (await getAppSecret({ db, name: "image_url" }));
}

/** Every value the URL carries, so none can be changed without the key; the prefix keeps it from meaning anything elsewhere. */
function signature({ key, id, version, viewerId, expiry }: { key: string; id: string; version: string; viewerId: string; expiry: number }): string {
  return createHmac("sha256", key).update(`journal-image\n${id}\n${version}\n${viewerId}\n${expiry}`).digest("base64url");
}

/**
 * The photo's absolute URL on APP_URL for one viewer. It names the entry and the viewer, never the
 * writer (an anonymous entry's URL must not tell who wrote it).
 */
export async function journalImageUrl({ db, id, imageKey, viewerId }: { db: Db; id: string; imageKey: string; viewerId: string }): Promise<string> {
  const version = imageVersion(imageKey);
  const expiry = expiryFromNow();
  const s = signature({ key: await imageUrlKey({ db }), id, version, viewerId, expiry });
  const query = new URLSearchParams({ v: version, u: viewerId, e: String(expiry), s });
  return `${config().APP_URL}/api/journals/${id}/image?${query}`;
}

export interface SignedImageRequest {
  viewerId: string;
  version: string;
  /** Until the signature expires: no cached copy may outlive it. */
  secondsLeft: number;
}

/**
 * The viewer a signed photo URL speaks for, or null when the URL carries no signature (the route
 * then asks for a session). A signature that is wrong, expired or malformed is the same 404 as a
 * photo that does not exist, whatever the query holds.
 */
export async function verifyJournalImageQuery({ db, id: rawId, query }: { db: Db; id: string; query: URLSearchParams }): Promise<SignedImageRequest | null> {
  const [viewerId, expires, given] = [query.get("u"), query.get("e"), query.get("s")];
  if (viewerId === null && expires === null && given === null) return null;
  const id = parseId({ value: rawId, message: IMAGE_NOT_FOUND });
  const version = query.get("v") ?? "";
  if (viewerId === null || !UUID.test(viewerId) || expires === null || !/^[0-9]{1,12}$/.test(expires) || given === null) {
    throw new NotFoundError(IMAGE_NOT_FOUND);
  }
  const expiry = Number(expires);
  const secondsLeft = expiry - Math.floor(Date.now() / 1000);
  if (secondsLeft <= 0 || secondsLeft > MAX_LIFETIME_SECONDS) throw new NotFoundError(IMAGE_NOT_FOUND);
  const expected = Buffer.from(signature({ key: await imageUrlKey({ db }), id, version, viewerId, expiry }));
  const actual = Buffer.from(given);
  // Compared in constant time; lengths first, since timingSafeEqual throws on unequal ones.
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw new NotFoundError(IMAGE_NOT_FOUND);
  return { viewerId, version, secondsLeft };
}
