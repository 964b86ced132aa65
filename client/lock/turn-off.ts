import type { Journal } from "@/lib/contract/answers";
import { loadSealedDraft, saveDraft, sealedDraftDays } from "../diary-drafts";
import { addOutboxItem, listOutboxItems, removeOutboxItem, type OutboxItem, type OutboxPhoto } from "../outbox";
import { LockError, openRaw, openText } from "./crypto";
import { openDraft } from "./drafts";
import { openSealedWords } from "./outbox";
import { eachDiaryPage, putPage, rereadDay, statusOf, type Ask } from "./diary-pages";
import { photosJson, type ListedPhoto } from "../outbox-send";
import { uploadEntryPhoto } from "../photo-uploads";
import { openMorePhotoDescriptions, openPage, openPhoto, openSealedPhoto, sealedPhotoList } from "./pages";

// Turning the lock off (docs/decisions/118): every locked page opened in the browser and written
// back readable, one at a time, each PUT naming the revision it replaces (`unseal`) and the version
// it was read at (If-Match). As with sealing (./migrate.ts), the server's state is the only
// bookmark: a tab closed half-way loses nothing, and the next run finds the pages still sealed.

export interface OpenRun {
  /** Pages this run made readable. */
  opened: number;
  /** Pages another device opened, shared or deleted meanwhile: nothing to do. */
  settled: number;
  /** Pages that could not be written now, with why (the next run tries again). */
  failed: { day: string; status: number }[];
  /** Days whose page does not open with this key (damaged or altered): they stay sealed. */
  damaged: string[];
}

const isLocked = (j: Journal) => j.locked;

/**
 * A locked page's several photos made readable (docs/decisions/139): each opened here and uploaded
 * as a photo (POST /api/upload/entry-photo), then named in order by the page's `photos` with its
 * opened description; a status when a photo could not be read or sent.
 */
async function readablePhotos({
  key,
  owner,
  journal,
  coverDescription,
  ask,
}: {
  key: CryptoKey;
  owner: string;
  journal: Journal;
  coverDescription: string | null;
  ask: Ask;
}): Promise<string | number> {
  const more = await openMorePhotoDescriptions({ key, owner, journal });
  const entries: ListedPhoto[] = [];
  for (const [i, photo] of sealedPhotoList(journal).entries()) {
    const res = await ask(photo.image);
    if (!res.ok) return res.status;
    const bytes = await openSealedPhoto({
      key,
      owner,
      day: journal.journaldate,
      revision: photo.revision,
      bytes: new Uint8Array(await res.arrayBuffer()),
    });
    const form = new FormData();
    form.set("image", new File([bytes as BlobPart], "photo", { type: "application/octet-stream" }));
    const upload = await uploadEntryPhoto(form, ask).catch(statusOf);
    if (typeof upload === "number") return upload;
    entries.push({ upload, description: (i === 0 ? coverDescription : more[i - 1]) ?? "" });
  }
  return photosJson(entries);
}

/** The readable form of a locked page: its words opened here, its photos opened and sent as photos. */
async function readableForm({
  key,
  owner,
  journal,
  ask,
}: {
  key: CryptoKey;
  owner: string;
  journal: Journal;
  ask: Ask;
}): Promise<FormData | number> {
  const words = await openPage({ key, owner, journal });
  const form = new FormData();
  form.set("title", words.title);
  form.set("content", words.content);
  form.set("visibility", "private");
  form.set("isAnonymous", "false");
  form.set("imageDescription", words.imageDescription ?? "");
  form.set("unseal", String(words.revision ?? 0));
  if (sealedPhotoList(journal).length > 1) {
    const photos = await readablePhotos({ key, owner, journal, coverDescription: words.imageDescription, ask });
    if (typeof photos === "number") return photos;
    // The whole list in `photos`, never beside the one-photo fields.
    form.delete("imageDescription");
    form.set("photos", photos);
    return form;
  }
  const photoUrl = journal.sealed?.image;
  if (photoUrl) {
    const res = await ask(photoUrl);
    if (!res.ok) return res.status;
    const bytes = await openPhoto({ key, owner, journal, bytes: new Uint8Array(await res.arrayBuffer()) });
    form.set("image", new File([bytes as BlobPart], "photo", { type: "application/octet-stream" }));
  }
  return form;
}

async function openOne(args: { key: CryptoKey; owner: string; journal: Journal; ask: Ask }): Promise<number> {
  const form = await readableForm(args);
  if (typeof form === "number") return form;
  return (await putPage(args.ask, args.journal, form)).status;
}

/**
 * Writes every locked page of `owner`'s diary back readable with `key`, newest first, `concurrency`
 * at a time; `onProgress` hears of each page done. Stops between pages when `signal` is aborted. A
 * page written meanwhile (412, 409) is read again: still locked, it is opened at its new revision.
 */
export async function openLockedPages({
  key,
  owner,
  ask,
  concurrency = 2,
  onProgress,
  signal,
}: {
  key: CryptoKey;
  owner: string;
  ask: Ask;
  concurrency?: number;
  onProgress?: (run: OpenRun) => void;
  signal?: AbortSignal;
}): Promise<OpenRun> {
  const run: OpenRun = { opened: 0, settled: 0, failed: [], damaged: [] };
  const settle = async (journal: Journal) => {
    try {
      let status = await openOne({ key, owner, journal, ask });
      if (status === 404 || status === 409 || status === 412) {
        const now = await rereadDay(ask, journal.journaldate);
        status = !now || !isLocked(now) ? 204 : await openOne({ key, owner, journal: now, ask });
      }
      if (status === 200) run.opened += 1;
      else if (status === 204) run.settled += 1;
      else run.failed.push({ day: journal.journaldate, status });
    } catch (error) {
      if (!(error instanceof LockError)) throw error;
      run.damaged.push(journal.journaldate);
    }
    onProgress?.({ ...run, failed: [...run.failed], damaged: [...run.damaged] });
  };

  await eachDiaryPage({ ask, wanted: isLocked, settle, concurrency, signal });
  return run;
}

/**
 * A sealed item's photos opened (docs/decisions/139): each new one's bytes and each description,
 * for the revision it was sealed for (the cover's description for the page's); a kept one stays
 * named by its id. A LockError when one does not open here.
 */
async function openOutboxPhotos(key: CryptoKey, item: OutboxItem, photos: OutboxPhoto[]): Promise<OutboxPhoto[]> {
  const pageRevision = Number(item.sealed!.sealedRevision);
  return Promise.all(
    photos.map(async ({ blob, photo, description, revision = pageRevision }, i) => {
      const { userId: owner, day } = item;
      const opened = blob
        ? await openSealedPhoto({ key, owner, day, revision, bytes: new Uint8Array(await blob.arrayBuffer()) })
        : null;
      const place = { owner, day, field: "photoAlt" as const, revision: i === 0 ? pageRevision : revision };
      return {
        blob: opened && new Blob([opened as BlobPart], { type: "application/octet-stream" }),
        photo,
        description: description ? await openText(key, place, description) : "",
      };
    }),
  );
}

/**
 * What this device keeps sealed of `owner`'s words — the drafts and the pages waiting in the outbox
 * (client/lock/drafts.ts, ./outbox.ts) — made readable, before the key is forgotten at the end of
 * turning the lock off: with the lock gone, a sealed draft would never open again. A waiting page
 * waits again readable, under a new key (a new request); one that does not open here stays as it is.
 */
export async function openDeviceWords(owner: string, key: CryptoKey): Promise<void> {
  for (const day of sealedDraftDays(owner)) {
    const sealed = loadSealedDraft(owner, day);
    const draft = sealed ? await openDraft(key, owner, day, sealed) : null;
    if (draft) saveDraft(owner, day, draft);
  }
  for (const item of await listOutboxItems(owner)) {
    if (!item.sealed) continue;
    const fields = await openSealedWords(key, item);
    if (!fields) continue;
    const revision = Number(item.sealed.sealedRevision);
    let photo: Blob | null = null;
    if (item.photo) {
      try {
        const place = { owner, day: item.day, field: "photo" as const, revision };
        const bytes = await openRaw(key, place, new Uint8Array(await item.photo.arrayBuffer()));
        photo = new Blob([bytes as BlobPart], { type: "application/octet-stream" });
      } catch (error) {
        if (!(error instanceof LockError)) throw error;
        continue;
      }
    }
    // A page of several photos (docs/decisions/139): each new one opened, each description too.
    let photos: OutboxPhoto[] | undefined;
    if (item.photos) {
      try {
        photos = await openOutboxPhotos(key, item, item.photos);
      } catch (error) {
        if (!(error instanceof LockError)) throw error;
        continue;
      }
      fields.imageDescription = photos[0]?.description ?? "";
    }
    const { userId, day, kind, entryId, baseUpdatedAt, removePhoto } = item;
    await addOutboxItem({ userId, day, kind, entryId, baseUpdatedAt, fields, photo, removePhoto, photos });
    await removeOutboxItem(item.id);
  }
}
