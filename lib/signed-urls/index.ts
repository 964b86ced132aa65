import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { NotFoundError } from "@/lib/errors";
import { parseId } from "@/lib/ids";
import { getAppSecret } from "@/lib/secrets";
import { IMAGE_NOT_FOUND } from "@/lib/signed-urls/messages";

// Image URLs that load in a plain <img> from any allowed origin, with no cookie or header: signed
// for one viewer, valid for a while (docs/decisions/024, 028). The signature only says who asks;
// each image route still checks, as it serves, that this viewer may see the image now. One key
// signs every kind of image; the purpose is part of what is signed, so a signature made for one
// kind of URL means nothing on another.

/** What a signature is for: an entry's photo, or a person's profile image. */
export type ImagePurpose = "journal-image" | "profile-image" | "version-image";

const HOUR_SECONDS = 3600;
/** A signature is never issued for longer than this, so an expiry further away is not ours. */
const MAX_LIFETIME_SECONDS = 2 * HOUR_SECONDS;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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

interface Signed {
  purpose: ImagePurpose | "export";
  id: string;
  version: string;
  viewerId: string;
  expiry: number;
}

/** Every value the URL carries, so none can be changed without the key; the purpose keeps it from meaning anything elsewhere. */
function signature({ key, purpose, id, version, viewerId, expiry }: Signed & { key: string }): string {
  return createHmac("sha256", key).update(`${purpose}\n${id}\n${version}\n${viewerId}\n${expiry}`).digest("base64url");
}

/** `$APP_URL{path}?v=&u=&e=&s=`: the image `id` at `version`, for `viewerId`, until the next hour but one. */
export async function signImageUrl({
  db,
  purpose,
  path,
  id,
  version,
  viewerId,
}: {
  db: Db;
  purpose: ImagePurpose;
  /** The route's path on APP_URL, e.g. `/api/journals/{id}/image`. */
  path: string;
  id: string;
  version: string;
  viewerId: string;
}): Promise<string> {
  const expiry = expiryFromNow();
  const s = signature({ key: await imageUrlKey({ db }), purpose, id, version, viewerId, expiry });
  const query = new URLSearchParams({ v: version, u: viewerId, e: String(expiry), s });
  return `${config().APP_URL}${path}?${query}`;
}

export interface SignedImageRequest {
  viewerId: string;
  version: string;
  /** Until the signature expires: no cached copy may outlive it. */
  secondsLeft: number;
}

/**
 * The viewer a signed image URL speaks for, or null when the URL carries no signature (the route
 * then asks for a session). A signature that is wrong, expired or malformed is the same 404 as an
 * image that does not exist, whatever the query holds.
 */
export async function verifyImageQuery({
  db,
  purpose,
  id: rawId,
  query,
}: {
  db: Db;
  purpose: ImagePurpose;
  id: string;
  query: URLSearchParams;
}): Promise<SignedImageRequest | null> {
  const [viewerId, expires, given] = [query.get("u"), query.get("e"), query.get("s")];
  if (viewerId === null && expires === null && given === null) return null;
  const id = parseId({ value: rawId, message: IMAGE_NOT_FOUND });
  const version = query.get("v") ?? "";
  if (
    viewerId === null ||
    !UUID.test(viewerId) ||
    expires === null ||
    !/^[0-9]{1,12}$/.test(expires) ||
    given === null
  ) {
    throw new NotFoundError(IMAGE_NOT_FOUND);
  }
  const expiry = Number(expires);
  const secondsLeft = expiry - Math.floor(Date.now() / 1000);
  if (secondsLeft <= 0 || secondsLeft > MAX_LIFETIME_SECONDS) throw new NotFoundError(IMAGE_NOT_FOUND);
  const expected = Buffer.from(signature({ key: await imageUrlKey({ db }), purpose, id, version, viewerId, expiry }));
  const actual = Buffer.from(given);
  // Compared in constant time; lengths first, since timingSafeEqual throws on unequal ones.
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw new NotFoundError(IMAGE_NOT_FOUND);
  return { viewerId, version, secondsLeft };
}

/**
 * A finished export's download URL (docs/decisions/074): `$APP_URL{path}?u=&e=&s=`, signed for
 * its owner until the export expires, with the export's stored file as its version, under the
 * same key but its own purpose, so it opens nothing but that one export.
 */
export async function signExportUrl({
  db,
  path,
  id,
  version,
  viewerId,
  expiresAt,
}: {
  db: Db;
  path: string;
  id: string;
  version: string;
  viewerId: string;
  expiresAt: Date;
}): Promise<string> {
  const expiry = Math.floor(expiresAt.getTime() / 1000);
  const s = signature({ key: await imageUrlKey({ db }), purpose: "export", id, version, viewerId, expiry });
  return `${config().APP_URL}${path}?${new URLSearchParams({ u: viewerId, e: String(expiry), s })}`;
}

/**
 * The viewer a signed export URL speaks for, or null when it carries no signature. A wrong,
 * expired or malformed one is `notFound`'s 404. `version` is the stored file's key, which the
 * caller reads from the export's row; `maxLifetimeSeconds` bounds how far away an expiry may be.
 */
export async function verifyExportQuery({
  db,
  id,
  version,
  query,
  maxLifetimeSeconds,
  notFound,
}: {
  db: Db;
  id: string;
  version: string;
  query: URLSearchParams;
  maxLifetimeSeconds: number;
  notFound: string;
}): Promise<string | null> {
  const [viewerId, expires, given] = [query.get("u"), query.get("e"), query.get("s")];
  if (viewerId === null && expires === null && given === null) return null;
  if (viewerId === null || !UUID.test(viewerId) || expires === null || !/^[0-9]{1,12}$/.test(expires) || given === null)
    throw new NotFoundError(notFound);
  const expiry = Number(expires);
  const secondsLeft = expiry - Math.floor(Date.now() / 1000);
  if (secondsLeft <= 0 || secondsLeft > maxLifetimeSeconds) throw new NotFoundError(notFound);
  const expected = Buffer.from(
    signature({ key: await imageUrlKey({ db }), purpose: "export", id, version, viewerId, expiry }),
  );
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw new NotFoundError(notFound);
  return viewerId;
}
