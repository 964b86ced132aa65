import "server-only";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { journals, pageVersions, photoUploads, type PagePhoto, type SealedPage } from "@/lib/db/schema";
import { ValidationError } from "@/lib/errors";
import type { PhotoListEntry } from "@/lib/validation/photo-list";
import { SEALED_PHOTO_AHEAD_MESSAGE, SEALED_PHOTO_MESSAGE } from "@/lib/validation/lock-limits";
import type { PhotoEntry } from "@/lib/validation/journal";
import { imageVersion } from "./image-url";
import {
  PHOTO_NOT_ON_PAGE_MESSAGE,
  PHOTO_UPLOAD_GONE_MESSAGE,
  SEALED_UPLOAD_READABLE_MESSAGE,
} from "./photo-upload-limits";
import { stillWaiting } from "./photo-upload";

// A page's photos (docs/decisions/133): the cover in `image_key` and `image_description`, which
// everything that shows one photo reads (the original client, the feed's card, the PDF's first),
// and the others in order in `more_photos`.

/** A page's or a version's photos in order, the cover first. */
export function photosOf(row: { imageKey: string | null; imageDescription: string | null; morePhotos: PagePhoto[] }) {
  return row.imageKey ? [{ key: row.imageKey, description: row.imageDescription }, ...row.morePhotos] : [];
}

/** The columns that hold a list of photos. */
export function photoColumns(list: PagePhoto[]) {
  const [cover, ...more] = list;
  return { imageKey: cover?.key ?? null, imageDescription: cover?.description ?? null, morePhotos: more };
}

/** Whether any page or kept version still holds the stored photo `key`: then it stays when a page lets go of it. */
export async function photoHeld({ tx, key }: { tx: Db; key: string }): Promise<boolean> {
  const inList = (column: typeof journals.morePhotos | typeof pageVersions.morePhotos) =>
    sql`inkwell_photo_keys(${column}) @> array[${key}]::text[]`;
  const [page] = await tx
    .select({ id: journals.id })
    .from(journals)
    .where(or(eq(journals.imageKey, key), inList(journals.morePhotos)))
    .limit(1);
  if (page) return true;
  const [version] = await tx
    .select({ id: pageVersions.id })
    .from(pageVersions)
    .where(or(eq(pageVersions.imageKey, key), inList(pageVersions.morePhotos)))
    .limit(1);
  return !!version;
}

/**
 * The uploads of its writer's that a save names, still waiting, taken from the waiting list in the
 * save's transaction (a save that fails leaves them waiting), by id.
 */
async function takeUploads({ tx, authorId, entries }: { tx: Db; authorId: string; entries: PhotoListEntry[] }) {
  const uploadIds = entries.flatMap((e) => ("upload" in e ? [e.upload] : []));
  const taken = uploadIds.length
    ? await tx
        .delete(photoUploads)
        .where(and(eq(photoUploads.userId, authorId), inArray(photoUploads.id, uploadIds), stillWaiting()))
        .returning({ id: photoUploads.id, key: photoUploads.key, sealedRevision: photoUploads.sealedRevision })
    : [];
  return new Map(taken.map((u) => [u.id, u]));
}

/**
 * The photos a save names (`photos`, in order): one the page has, by its id, or one its writer
 * uploaded for it within PHOTO_UPLOAD_HOURS, taken from their waiting uploads in the same
 * transaction (a save that fails leaves it waiting). A locked page's sealed photo is nobody's to
 * name here. Anything else is a 400 that names the field and changes nothing.
 */
export async function resolvePhotos({
  tx,
  authorId,
  entries,
  current,
}: {
  tx: Db;
  authorId: string;
  entries: PhotoEntry[];
  current?: { imageKey: string | null; imageDescription: string | null; morePhotos: PagePhoto[]; sealed: unknown };
}): Promise<PagePhoto[]> {
  const onPage = new Map(
    current && current.sealed === null ? photosOf(current).map((p) => [imageVersion(p.key), p]) : [],
  );
  const uploaded = await takeUploads({ tx, authorId, entries });
  return entries.map((entry, index) => {
    const kept = "photo" in entry ? onPage.get(entry.photo) : undefined;
    const upload = "upload" in entry ? uploaded.get(entry.upload) : undefined;
    // A photo sealed for a locked page (docs/decisions/139) is bytes nobody here can show.
    if (upload && upload.sealedRevision !== null)
      throw new ValidationError(SEALED_UPLOAD_READABLE_MESSAGE, [
        { path: `photos.${index}`, message: SEALED_UPLOAD_READABLE_MESSAGE },
      ]);
    const key = "upload" in entry ? upload?.key : kept?.key;
    if (!key) {
      const message = "upload" in entry ? PHOTO_UPLOAD_GONE_MESSAGE : PHOTO_NOT_ON_PAGE_MESSAGE;
      throw new ValidationError(message, [{ path: `photos.${index}`, message }]);
    }
    // Left out, a description stays the photo's own.
    return { key, description: entry.description === undefined ? (kept?.description ?? null) : entry.description };
  });
}

/**
 * An answer's `images` and `photos`, in the page's order: each photo's URL signed by `sign` in
 * `images`, and its id and description at the same place of `photos` (docs/decisions/138: each URL
 * is sent once).
 */
export async function photoAnswers(list: PagePhoto[], sign: (key: string) => Promise<string>) {
  return {
    images: await Promise.all(list.map((p) => sign(p.key))),
    photos: list.map((p) => ({ id: imageVersion(p.key), description: p.description })),
  };
}

/** The stored photo of `row` that a URL's `v` names; the cover without one; undefined for none. */
export function photoNamed(
  row: { imageKey: string | null; imageDescription: string | null; morePhotos: PagePhoto[] },
  version: string | undefined,
): string | undefined {
  if (version === undefined) return row.imageKey ?? undefined;
  return photosOf(row).find((p) => imageVersion(p.key) === version)?.key;
}

/** A locked page's photo (docs/decisions/139): its stored file, its sealed description, the revision it was sealed for. */
export interface SealedPhoto {
  key: string;
  description: string | null;
  revision: number;
}

/** Whether the stored file `key` is a photo sealed in its writer's browser. */
export function isSealedKey(key: string): boolean {
  return key.endsWith(".sealed");
}

/**
 * A locked page's or version's photos in order, the cover first: the cover where a locked page's
 * one photo is (docs/decisions/115: `image_key`, `sealed.imageDescription`, `sealed.imageRevision`),
 * the others in `more_photos` with their revisions. None for a page that is not locked.
 */
export function sealedPhotosOf(row: {
  imageKey: string | null;
  morePhotos: PagePhoto[];
  sealed: SealedPage | null;
}): SealedPhoto[] {
  const { sealed } = row;
  if (!sealed || !row.imageKey) return [];
  return [
    { key: row.imageKey, description: sealed.imageDescription, revision: sealed.imageRevision ?? sealed.revision },
    ...row.morePhotos.map((p) => ({ key: p.key, description: p.description, revision: p.revision ?? sealed.revision })),
  ];
}

/** The columns of a locked page whose photos are `list` and whose sealed fields are `sealed`. */
export function sealedPhotoColumns(list: SealedPhoto[], sealed: SealedPage) {
  const [cover, ...more] = list;
  return {
    imageKey: cover?.key ?? null,
    // A locked page's descriptions are sealed: none is kept readable.
    imageDescription: null,
    morePhotos: more.map(({ key, description, revision }) => ({ key, description, revision })),
    sealed: { ...sealed, imageDescription: cover?.description ?? null, imageRevision: cover?.revision ?? null },
  };
}

/**
 * The photos a sealed save names (`sealedPhotos`, in order, docs/decisions/139): a sealed photo
 * the page has, by its id, at the revision it was sealed for, or one its writer uploaded sealed
 * for it (for this save's revision `revision` or an earlier one), taken from their waiting uploads
 * in the same transaction. A readable photo has no place on a locked page. Anything else is a 400
 * that names the photo and changes nothing.
 */
export async function resolveSealedPhotos({
  tx,
  authorId,
  entries,
  revision,
  current,
}: {
  tx: Db;
  authorId: string;
  entries: PhotoListEntry[];
  revision: number;
  current?: { imageKey: string | null; morePhotos: PagePhoto[]; sealed: SealedPage | null };
}): Promise<SealedPhoto[]> {
  const onPage = new Map(current ? sealedPhotosOf(current).map((p) => [imageVersion(p.key), p]) : []);
  const uploaded = await takeUploads({ tx, authorId, entries });
  return entries.map((entry, index) => {
    const refuse = (message: string) => {
      throw new ValidationError(message, [{ path: `sealedPhotos.${index}`, message }]);
    };
    if ("upload" in entry) {
      const upload = uploaded.get(entry.upload);
      if (!upload) return refuse(PHOTO_UPLOAD_GONE_MESSAGE);
      if (upload.sealedRevision === null) return refuse(SEALED_PHOTO_MESSAGE);
      if (upload.sealedRevision > revision) return refuse(SEALED_PHOTO_AHEAD_MESSAGE);
      return { key: upload.key, description: entry.description ?? null, revision: upload.sealedRevision };
    }
    const kept = onPage.get(entry.photo);
    if (!kept) return refuse(PHOTO_NOT_ON_PAGE_MESSAGE);
    // Left out, a description stays the photo's own.
    return { ...kept, description: entry.description === undefined ? kept.description : entry.description };
  });
}

/**
 * A locked page's `sealed` in an answer: its sealed fields, the cover's URL as `image` (the lock's
 * first clients read it), and every sealed photo with its URL signed by `sign`, its sealed
 * description and its revision, in order (docs/decisions/139).
 */
export async function sealedAnswer(
  row: { imageKey: string | null; morePhotos: PagePhoto[]; sealed: SealedPage },
  sign: (key: string) => Promise<string>,
) {
  const list = sealedPhotosOf(row);
  const photos = await Promise.all(
    list.map(async (p) => ({
      id: imageVersion(p.key),
      image: await sign(p.key),
      description: p.description,
      revision: p.revision,
    })),
  );
  return { ...row.sealed, image: photos[0]?.image ?? null, photos };
}
