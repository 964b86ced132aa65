import type { Journal } from "@/lib/contract/answers";
import { LockError, openRaw, openText, sealRaw, sealText, type Field, type Place } from "./crypto";

// A locked page as the browser writes and reads it (docs/decisions/114, 115): its title, text and
// photo description sealed, each for its place (the owner, the day, the field, the revision), sent
// as an entry's sealed form fields; and opened again from an answer's `sealed`, or refused.

/** What a person reads and writes of a page. */
export interface PageWords {
  title: string;
  content: string;
  imageDescription: string | null;
}

/** The form fields of a sealed write (POST or PUT /api/journals): no readable title, content or description. */
export interface SealedFormFields {
  sealedTitle: string;
  sealedContent: string;
  sealedImageDescription?: string;
  sealedRevision: string;
}

const placeOf =
  (owner: string, day: string, revision: number) =>
  (field: Field): Place => ({
    owner,
    day,
    field,
    revision,
  });

/** 2020-01-01T00:00:00Z: revisions count seconds from it, which stays under 2^31 until 2088. */
const REVISION_EPOCH_MS = Date.UTC(2020, 0, 1);

/**
 * The revision a save seals a page at: one more than the stored one, and at least the seconds since
 * 2020. Counting time makes a page locked again after it was shared, or deleted and written anew,
 * newer than every revision a device has seen of that day (client/lock/key-store.ts refuses an older
 * one as a replay), whichever device writes it; a device whose clock is far behind may still write
 * one that the others refuse until it is saved again.
 */
export function nextRevision(stored: number | null | undefined, now = Date.now()): number {
  return Math.max((stored ?? 0) + 1, Math.floor((now - REVISION_EPOCH_MS) / 1000));
}

/** Seals a page's words for `revision` (the stored one plus one; 1 for a new or readable page). */
export async function sealPage({
  key,
  owner,
  day,
  revision,
  words,
}: {
  key: CryptoKey;
  owner: string;
  day: string;
  revision: number;
  words: PageWords;
}): Promise<SealedFormFields> {
  const place = placeOf(owner, day, revision);
  const [sealedTitle, sealedContent, sealedImageDescription] = await Promise.all([
    sealText(key, place("title"), words.title),
    sealText(key, place("content"), words.content),
    words.imageDescription ? sealText(key, place("photoAlt"), words.imageDescription) : undefined,
  ]);
  return {
    sealedTitle,
    sealedContent,
    ...(sealedImageDescription ? { sealedImageDescription } : {}),
    sealedRevision: String(revision),
  };
}

/**
 * A locked entry's words, opened for the place the answer claims; a LockError when any field does
 * not open there (another key, another page's or day's item, an altered byte, an unknown version).
 * A page that is not locked is its readable fields.
 */
export async function openPage({
  key,
  owner,
  journal,
}: {
  key: CryptoKey;
  owner: string;
  /** The page's words: its photos (`sealed.photos`) are opened apart, each as it is shown. */
  journal: Pick<Journal, "title" | "content" | "imageDescription" | "journaldate"> & {
    sealed: Omit<NonNullable<Journal["sealed"]>, "photos"> | null;
  };
}): Promise<PageWords & { revision: number | null }> {
  const sealed = journal.sealed;
  if (!sealed)
    return {
      title: journal.title,
      content: journal.content,
      imageDescription: journal.imageDescription,
      revision: null,
    };
  if (sealed.v !== 1) throw new LockError("unknown-version", `A sealed page of version ${String(sealed.v)}`);
  const place = placeOf(owner, journal.journaldate, sealed.revision);
  const [title, content, imageDescription] = await Promise.all([
    openText(key, place("title"), sealed.title),
    openText(key, place("content"), sealed.content),
    sealed.imageDescription ? openText(key, place("photoAlt"), sealed.imageDescription) : null,
  ]);
  return { title, content, imageDescription, revision: sealed.revision };
}

/** A page's photo and where it belongs: its owner, its day and the revision it is sealed for. */
interface PhotoAt {
  key: CryptoKey;
  owner: string;
  day: string;
  revision: number;
  bytes: Uint8Array;
}

/** A photo's bytes (resized and stripped already) sealed for the page's `revision`: the `sealedImage` file. */
export function sealPhoto({ key, owner, day, revision, bytes }: PhotoAt): Promise<Uint8Array> {
  return sealRaw(key, placeOf(owner, day, revision)("photo"), bytes);
}

/** A locked page's photo opened from the bytes its `sealed.image` served, for the revision it was sealed for. */
export async function openPhoto({
  key,
  owner,
  journal,
  bytes,
}: {
  key: CryptoKey;
  owner: string;
  journal: Pick<Journal, "journaldate"> & { sealed: Pick<NonNullable<Journal["sealed"]>, "imageRevision"> | null };
  bytes: Uint8Array;
}): Promise<Uint8Array> {
  const revision = journal.sealed?.imageRevision;
  if (!revision) throw new LockError("damaged", "A locked page's photo without its revision");
  return openSealedPhoto({ key, owner, day: journal.journaldate, revision, bytes });
}

/** One of a locked page's photos as its answer lists it (docs/decisions/139); `id` null from an answer before the list. */
export interface SealedPhotoOfPage {
  id: string | null;
  image: string;
  description: string | null;
  revision: number;
}

/** A locked page's photos in order, the cover first: `sealed.photos`, or an older answer's one `sealed.image`. */
export function sealedPhotoList(journal: Pick<Journal, "sealed">): SealedPhotoOfPage[] {
  const sealed = journal.sealed;
  if (!sealed) return [];
  if (sealed.photos?.length) return sealed.photos;
  return sealed.image && sealed.imageRevision
    ? [{ id: null, image: sealed.image, description: sealed.imageDescription, revision: sealed.imageRevision }]
    : [];
}

/** A locked page's photo opened from the bytes its URL served, for the revision it was sealed for. */
export function openSealedPhoto({ key, owner, day, revision, bytes }: PhotoAt): Promise<Uint8Array> {
  return openRaw(key, placeOf(owner, day, revision)("photo"), bytes);
}

/**
 * The descriptions of a locked page's photos after the cover, opened (docs/decisions/139): each
 * sealed for its photo's revision. The cover's is opened with the words (openPage).
 */
export function openMorePhotoDescriptions({
  key,
  owner,
  journal,
}: {
  key: CryptoKey;
  owner: string;
  journal: Pick<Journal, "journaldate" | "sealed">;
}): Promise<(string | null)[]> {
  return Promise.all(
    sealedPhotoList(journal)
      .slice(1)
      .map((p) =>
        p.description
          ? openText(key, placeOf(owner, journal.journaldate, p.revision)("photoAlt"), p.description)
          : null,
      ),
  );
}
