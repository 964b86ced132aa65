import "server-only";
import { errorBody } from "@/lib/http/message-codes";
import { and, eq, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { idempotencyKeys, journals, type SealedPage } from "@/lib/db/schema";
import { ConflictError, NotFoundError, PreconditionFailedError, ValidationError, uniqueViolation } from "@/lib/errors";
import { processEntryImage } from "@/lib/images";
import { putEntryPhoto, type Storage } from "@/lib/storage";
import {
  CONTENT_TOO_LONG_MESSAGE,
  IMPORTED_CONTENT_GROWN_MESSAGE,
  type CreateJournalInput,
  type UpdateJournalInput,
} from "@/lib/validation/journal";
import {
  CONTENT_MAX,
  LONG_PAGE_STAYS_PRIVATE_MESSAGE,
  countCharacters,
  IMPORTED_CONTENT_MAX,
} from "@/lib/validation/journal-limits";
import { CODE_POINTS_PER_CHARACTER } from "@/lib/validation/fields";

import { parseId } from "@/lib/ids";
import { ENTRY_CHANGED_MESSAGE } from "@/lib/validation/idempotency-limits";
import { toJournalJson } from "./json";
import { discardEntryImage, storeSealedPhoto } from "./photo-files";
import { currentPage, keepVersion } from "./versions";
import {
  isSealedKey,
  photoColumns,
  photoHeld,
  photosOf,
  resolvePhotos,
  resolveSealedPhotos,
  sealedPhotoColumns,
  sealedPhotosOf,
  type SealedPhoto,
} from "./page-photos";
import { PHOTOS_WITH_IMAGE_MESSAGE, SEVERAL_PHOTOS_LOCKED_MESSAGE } from "./photo-upload-limits";
import type { PagePhoto } from "@/lib/db/schema";
import { lockOf } from "@/lib/lock/lock";
import { journalColumns } from "./reads";
import { assertLockAllows, assertSealedShape, photoState, sealedOf } from "@/lib/lock/guard";
import { JOURNAL_NOT_FOUND, JOURNAL_EXISTS_MESSAGE } from "@/lib/journals/messages";

// Photos live outside the database, so no transaction covers them. The order keeps the two in step:
// the upload is processed (and refused) before anything is written, a new object is stored before
// the row that points to it, and an old one is deleted only after the row no longer points to it.
// A crash between the two steps can leave an unreferenced object, never a row without its photo.

/** Processes an upload (413/415/400 for a refused one) and stores it; returns its key. */
async function storeEntryImage({ storage, data }: { storage: Storage; data: Uint8Array }): Promise<string> {
  return putEntryPhoto({ storage, image: await processEntryImage({ data }) });
}

/** A new photo, readable (processed) or sealed (kept as it came); its key, and which. */
async function storeNewPhoto({
  storage,
  image,
  sealedImage,
}: {
  storage: Storage;
  image?: Uint8Array;
  sealedImage?: Uint8Array;
}): Promise<{ key: string; sealed: boolean } | undefined> {
  if (sealedImage) return { key: await storeSealedPhoto({ storage, data: sealedImage }), sealed: true };
  if (image) return { key: await storeEntryImage({ storage, data: image }), sealed: false };
  return undefined;
}

/**
 * A locked page's photos after a sealed save in the one-photo fields (docs/decisions/115), as the
 * lock's first clients send them: `sealedImage` replaces the cover, sealed for this revision;
 * `removeImage` drops it (the next photo becomes the cover); otherwise the cover stays at the
 * revision it was sealed for. The cover's description is always the one sent
 * (`sealedImageDescription`, sealed for this revision as the words are); the other photos stay as
 * they are, each description sealed for its photo's revision (docs/decisions/139).
 */
function sealedPhotosAfter({
  current,
  newKey,
  sealed,
  input,
}: {
  current?: { imageKey: string | null; morePhotos: PagePhoto[]; sealed: SealedPage | null };
  newKey?: string;
  sealed: SealedPage;
  input: { sealedImageDescription?: string; removeImage?: boolean };
}): SealedPhoto[] {
  const [cover, ...more] = current ? sealedPhotosOf(current) : [];
  const description = input.sealedImageDescription ?? null;
  if (newKey) return [{ key: newKey, description, revision: sealed.revision }, ...more];
  const [first, ...rest] = input.removeImage || !cover ? more : [cover, ...more];
  return first ? [{ ...first, description }, ...rest] : [];
}

/** What the page's photos are after a readable save: none, readable, or (kept from a locked page) sealed. */
function readableListState(list: PagePhoto[]) {
  return photoState(list.length ? { sealed: list.some((p) => isSealedKey(p.key)) } : undefined);
}

/** `photos` lists a page's photos whole: never beside the one-photo fields of the original client. */
function assertOneWayOfPhotos({
  input,
  image,
}: {
  input: { photos?: unknown; imageDescription?: string; removeImage?: boolean };
  image?: Uint8Array;
}) {
  if (input.photos === undefined) return;
  if (image || input.removeImage || input.imageDescription !== undefined)
    throw new ValidationError(PHOTOS_WITH_IMAGE_MESSAGE, [{ path: "photos", message: PHOTOS_WITH_IMAGE_MESSAGE }]);
}

/**
 * The page's photos after a save in the original client's terms (docs/decisions/133): `image`
 * replaces the cover, `removeImage` drops it (the next photo becomes the cover), and the others
 * stay. The cover's description: sent, the new one ("" clears it); not sent, the photo kept keeps
 * its own and a new photo starts without one.
 */
function photosAfter({
  current,
  newKey,
  input,
}: {
  current: { imageKey: string | null; imageDescription: string | null; morePhotos: PagePhoto[] };
  newKey?: string;
  input: UpdateJournalInput;
}): PagePhoto[] {
  const sent = input.imageDescription !== undefined ? input.imageDescription || null : undefined;
  if (newKey) return [{ key: newKey, description: sent ?? null }, ...current.morePhotos];
  if (input.removeImage || !current.imageKey) return current.morePhotos;
  return [
    { key: current.imageKey, description: sent === undefined ? current.imageDescription : sent },
    ...current.morePhotos,
  ];
}

export async function createJournal({
  db,
  storage,
  authorId,
  input,
  image,
  sealedImage,
}: {
  db: Db;
  storage: Storage;
  authorId: string;
  input: CreateJournalInput;
  image?: Uint8Array;
  sealedImage?: Uint8Array;
}) {
  // Checked first for the friendly message; the unique index settles a race between two requests.
  const [existing] = await db
    .select({ id: journals.id })
    .from(journals)
    .where(and(eq(journals.authorId, authorId), eq(journals.journalDate, input.journaldate)));
  if (existing) throw new ConflictError(JOURNAL_EXISTS_MESSAGE);
  const sealed = sealedOf(input);
  assertSealedShape({
    sealed,
    visibility: input.visibility,
    image: !!image,
    sealedImage: !!sealedImage,
    imported: input.imported,
    input,
  });
  assertOneWayOfPhotos({ input, image });

  const photo = await storeNewPhoto({ storage, image, sealedImage });
  let row;
  try {
    row = await db.transaction(async (tx) => {
      // The photos a save lists, uploaded before it (docs/decisions/133, 139), or the one it carries.
      const sealedList = !sealed
        ? undefined
        : input.sealedPhotos
          ? await resolveSealedPhotos({ tx, authorId, entries: input.sealedPhotos, revision: sealed.revision })
          : sealedPhotosAfter({ newKey: photo?.key, sealed, input });
      const list = input.photos
        ? await resolvePhotos({ tx, authorId, entries: input.photos })
        : photo
          ? [{ key: photo.key, description: input.imageDescription || null }]
          : [];
      await assertLockAllows({
        tx,
        authorId,
        visibility: input.visibility,
        sealed,
        photo: sealedList ? photoState(sealedList.length ? { sealed: true } : undefined) : readableListState(list),
      });
      const [inserted] = await tx
        .insert(journals)
        .values({
          authorId,
          title: input.title,
          content: input.content,
          visibility: input.visibility,
          isAnonymous: input.isAnonymous,
          journalDate: input.journaldate,
          // A description belongs to a photo: without one it is not kept (a locked page's is sealed).
          ...(sealed && sealedList ? sealedPhotoColumns(sealedList, sealed) : { ...photoColumns(list), sealed: null }),
          mood: input.mood ?? null,
          activities: input.activities ?? [],
          // Imported in the browser (docs/decisions/121): held to an imported page's bound once readable again.
          importedAt: input.imported ? sql`now()` : null,
        })
        .returning(journalColumns());
      return inserted;
    });
  } catch (err) {
    // Only the photo this request carried: uploads named by `photos` wait for the next try.
    if (photo) await discardEntryImage({ storage, key: photo.key });
    if (uniqueViolation(err) === "journals_author_day_key") throw new ConflictError(JOURNAL_EXISTS_MESSAGE);
    throw err;
  }
  // Outside the try: once the row is written, its photo must stay whatever happens next.
  return toJournalJson({ db, row: row!, viewerId: authorId });
}

/**
 * The writer's own entry (else a 404), and the length its new content may have: CONTENT_MAX, or,
 * for an imported page longer than that, its own length, so saving never cuts a word and never
 * lets it grow (docs/decisions/078); such a page stays private (docs/decisions/097). Counted as a
 * person sees characters and, as the database's backstop does (lib/db/schema.ts), in code points:
 * one letter with thousands of combining marks is one character and no page.
 */
async function assertOwnJournal({
  db,
  authorId,
  id: rawId,
  content,
  visibility,
}: {
  db: Db;
  authorId: string;
  id: string;
  content: string;
  visibility: string;
}) {
  const id = parseId({ value: rawId, message: JOURNAL_NOT_FOUND });
  const [row] = await db
    .select({ id: journals.id, importedAt: journals.importedAt, content: journals.content, sealed: journals.sealed })
    .from(journals)
    .where(and(eq(journals.id, id), eq(journals.authorId, authorId)));
  if (!row) throw new NotFoundError(JOURNAL_NOT_FOUND);
  const length = countCharacters(content);
  const codePoints = Array.from(content).length;
  if (length <= CONTENT_MAX && codePoints <= CONTENT_MAX * CODE_POINTS_PER_CHARACTER) return;
  // A locked imported page's length is in its sealed words, which the server cannot count: made
  // readable again (a share, the lock turned off), it is held to an imported page's bound alone.
  const stored = !row.importedAt ? 0 : row.sealed ? Infinity : countCharacters(row.content);
  const message = stored > CONTENT_MAX ? IMPORTED_CONTENT_GROWN_MESSAGE : CONTENT_TOO_LONG_MESSAGE;
  if (!row.importedAt || length > Math.max(stored, CONTENT_MAX) || codePoints > IMPORTED_CONTENT_MAX)
    throw new ValidationError(message, [{ path: "content", message }]);
  // Friends read pages of at most CONTENT_MAX, so a feed's page stays bounded whatever was imported (docs/decisions/097).
  if (visibility !== "private")
    throw new ValidationError(LONG_PAGE_STAYS_PRIVATE_MESSAGE, [
      { path: "visibility", message: LONG_PAGE_STAYS_PRIVATE_MESSAGE },
    ]);
}

/**
 * Replaces an entry's text and settings; a new `image` replaces the photo, `removeImage` drops it.
 * With `ifUnchangedSince` (the updatedAt the writer's edit was based on, from If-Match), an entry
 * changed since is a 412 and stays as it is (docs/decisions/081).
 */
export async function updateJournal({
  db,
  storage,
  authorId,
  id,
  input,
  image,
  sealedImage,
  ifUnchangedSince,
}: {
  db: Db;
  storage: Storage;
  authorId: string;
  id: string;
  input: UpdateJournalInput;
  image?: Uint8Array;
  sealedImage?: Uint8Array;
  ifUnchangedSince?: string;
}) {
  // Another person's entry is a 404 before the upload costs any work.
  await assertOwnJournal({ db, authorId, id, content: input.content, visibility: input.visibility });
  const sealed = sealedOf(input);
  assertSealedShape({
    sealed,
    visibility: input.visibility,
    image: !!image,
    sealedImage: !!sealedImage,
    imported: input.imported,
    input,
  });
  assertOneWayOfPhotos({ input, image });
  const photo = await storeNewPhoto({ storage, image, sealedImage });
  const newKey = photo?.key;

  let result;
  try {
    result = await db.transaction(async (tx) => {
      const current = await currentPage({ tx, authorId, id });
      if (!current) throw new NotFoundError(JOURNAL_NOT_FOUND);
      if (ifUnchangedSince !== undefined && current.updatedAt.toISOString() !== ifUnchangedSince)
        throw new PreconditionFailedError(ENTRY_CHANGED_MESSAGE);
      // Sealed in the one-photo fields, a page's readable photos after the cover cannot be kept: a
      // page with several is not sealed that way, and keeps them all (sealedPhotos seals them all).
      if (sealed && !input.sealedPhotos && current.morePhotos.some((p) => !isSealedKey(p.key)))
        throw new ConflictError(SEVERAL_PHOTOS_LOCKED_MESSAGE);
      const sealedList = !sealed
        ? undefined
        : input.sealedPhotos
          ? await resolveSealedPhotos({
              tx,
              authorId,
              entries: input.sealedPhotos,
              revision: sealed.revision,
              current,
            })
          : sealedPhotosAfter({ current, newKey, sealed, input });
      // Sealed in the one-photo fields, a page locked now would keep its readable cover: refused.
      const readableCoverKept =
        sealed && !input.sealedPhotos && current.sealed === null && current.imageKey && !newKey && !input.removeImage;
      const list: PagePhoto[] = sealedList
        ? sealedList
        : input.photos
          ? await resolvePhotos({ tx, authorId, entries: input.photos, current })
          : photosAfter({ current, newKey, input });
      // A locked page's photos are sealed, and only a locked page has sealed ones (docs/decisions/115, 139).
      const lock = await assertLockAllows({
        tx,
        authorId,
        visibility: input.visibility,
        sealed,
        current: current.sealed,
        unseal: input.unseal,
        photo: readableCoverKept
          ? "readable"
          : sealedList
            ? photoState(sealedList.length ? { sealed: true } : undefined)
            : readableListState(list),
      });
      // The page as it stood stays as an earlier version (lib/journals/versions.ts), its photo with it.
      const versionKept = await keepVersion({ tx, page: current, deleted: false, lock });
      const [row] = await tx
        .update(journals)
        .set({
          title: input.title,
          content: input.content,
          visibility: input.visibility,
          isAnonymous: input.isAnonymous,
          ...(sealed && sealedList ? sealedPhotoColumns(sealedList, sealed) : { ...photoColumns(list), sealed: null }),
          // Sent: the new mood ("" clears it); not sent (the original client): kept.
          mood: input.mood !== undefined ? input.mood : current.mood,
          activities: input.activities ?? current.activities,
          ...(input.imported ? { importedAt: sql`coalesce(${journals.importedAt}, now())` } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(journals.id, id))
        .returning(journalColumns());
      const stays = new Set(list.map((p) => p.key));
      const dropped: string[] = [];
      if (!versionKept)
        for (const { key } of photosOf(current))
          if (!stays.has(key) && !(await photoHeld({ tx, key }))) dropped.push(key);
      return { row: row!, dropped };
    });
  } catch (err) {
    if (newKey) await discardEntryImage({ storage, key: newKey });
    throw err;
  }
  for (const key of result.dropped) await discardEntryImage({ storage, key });
  return toJournalJson({ db, row: result.row, viewerId: authorId });
}

/**
 * Deletes an entry (its likes, reads and replies go with it); the page as it was moves to Recently
 * deleted with its photo (lib/journals/versions.ts). Answers kept for a retry of its writes
 * (docs/decisions/081) lose its words: a retry is told it is gone.
 */
export async function deleteJournal({
  db,
  storage,
  authorId,
  id: rawId,
}: {
  db: Db;
  storage: Storage;
  authorId: string;
  id: string;
}) {
  const id = parseId({ value: rawId, message: JOURNAL_NOT_FOUND });
  const row = await db.transaction(async (tx) => {
    const page = await currentPage({ tx, authorId, id });
    if (!page) return undefined;
    // The page goes to Recently deleted (lib/journals/versions.ts), its photo with it.
    const kept = await keepVersion({ tx, page, deleted: true, lock: await lockOf({ db: tx, userId: authorId }) });
    await tx.delete(journals).where(eq(journals.id, id));
    await tx
      .update(idempotencyKeys)
      .set({ status: 404, body: errorBody(404, JOURNAL_NOT_FOUND) })
      .where(
        and(
          eq(idempotencyKeys.userId, authorId),
          isNotNull(idempotencyKeys.body),
          or(sql`${idempotencyKeys.body}->>'id' = ${id}`, sql`${idempotencyKeys.body}->'journal'->>'id' = ${id}`),
        ),
      );
    const dropped: string[] = [];
    if (!kept) for (const { key } of photosOf(page)) if (!(await photoHeld({ tx, key }))) dropped.push(key);
    return { dropped };
  });
  if (!row) throw new NotFoundError(JOURNAL_NOT_FOUND);
  for (const key of row.dropped) await discardEntryImage({ storage, key });
}
