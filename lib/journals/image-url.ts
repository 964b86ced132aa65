import "server-only";
import type { Db } from "@/lib/db/client";
import { signImageUrl, verifyImageQuery, type SignedImageRequest } from "@/lib/signed-urls";
import { IMAGE_NOT_FOUND } from "@/lib/signed-urls/messages";

// Photo URLs signed for one viewer (docs/decisions/024), through the signer every image shares.

export { IMAGE_NOT_FOUND, type SignedImageRequest };

/** The part of a photo's key that names it in its URL: it changes with every new photo, so a cached copy never stands in for another. */
export function imageVersion(imageKey: string): string {
  return imageKey
    .replace(/^.*\//, "")
    .replace(/[^0-9a-f]/gi, "")
    .slice(0, 12);
}

/**
 * The photo's absolute URL on APP_URL for one viewer. It names the entry and the viewer, never the
 * writer (an anonymous entry's URL must not tell who wrote it).
 */
export function journalImageUrl({
  db,
  id,
  imageKey,
  viewerId,
}: {
  db: Db;
  id: string;
  imageKey: string;
  viewerId: string;
}): Promise<string> {
  return signImageUrl({
    db,
    purpose: "journal-image",
    path: `/api/journals/${id}/image`,
    id,
    version: imageVersion(imageKey),
    viewerId,
  });
}

/** The viewer a signed photo URL speaks for; null without a signature; 404 for a bad one. */
export function verifyJournalImageQuery({
  db,
  id,
  query,
}: {
  db: Db;
  id: string;
  query: URLSearchParams;
}): Promise<SignedImageRequest | null> {
  return verifyImageQuery({ db, purpose: "journal-image", id, query });
}
