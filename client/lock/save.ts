import type { Journal } from "@/lib/contract/answers";
import { ApiError } from "../api-error";
import { entryForm, readableForm, type SaveRequest } from "../journals";
import type { OutboxPhoto } from "../outbox";
import { photosJson, sealedFormOf, sealedUploadForm, type ListedPhoto } from "../outbox-send";
import { photosFieldOf, uploadEntryPhoto, type SavePhoto, type UploadAsk } from "../photo-uploads";
import { sealText } from "./crypto";
import { nextRevision, sealPage, sealPhoto } from "./pages";
import { LockedPhotoError, prepareLockedPhoto } from "./photo";
import { moodFormValue } from "@/lib/validation/journal-limits";
import { activitiesFormValue } from "@/lib/validation/activity-limits";

// A page of a locked diary as the editor sends it (docs/diary-lock.md): a private page sealed in
// this browser, its photo resized, stripped and sealed here too; a locked page shared again sent
// readable, naming the revision it replaces (`unseal`). Imported only by a diary that has the lock.

/** What the editor knows of one save: the request, and the page as this device opened it (null: a new page). */
export interface LockedSave {
  owner: string;
  key: CryptoKey;
  req: SaveRequest;
  entry: Journal | null;
}

const PHOTO_LOST = "Could not read this page's photo to keep it: try again.";

async function photoBytes(url: string): Promise<Blob> {
  const res = await fetch(url, { credentials: "same-origin" }).catch(() => null);
  // Not a status 0, which the editor takes for "offline": the save was refused here, not lost.
  if (!res?.ok) throw new ApiError(422, PHOTO_LOST);
  return res.blob();
}

/** The photo's bytes as a locked page keeps them; a photo this browser cannot prepare is a 400 beside it. */
export async function preparedPhoto(file: Blob): Promise<Uint8Array> {
  try {
    return (await prepareLockedPhoto(file)).bytes;
  } catch (error) {
    if (error instanceof LockedPhotoError) throw new ApiError(400, error.message);
    throw error;
  }
}

/** A private page as sealed here: the form's string fields exactly as the server takes them, and the sealed photo. */
export interface SealedSave {
  fields: Record<string, string>;
  photo: Blob | null;
  /** A page of several photos (docs/decisions/139): each new one sealed, to be uploaded before the page. */
  photos?: OutboxPhoto[];
}

/**
 * A private page's form fields sealed for `revision`: its words (with the cover's description, or
 * none when each photo's goes with it in `sealedPhotos`), and what stays readable beside them.
 */
async function sealedPageFields({
  owner,
  key,
  req,
  revision,
  imageDescription,
}: Omit<LockedSave, "entry"> & { revision: number; imageDescription: string | null }) {
  const words = { title: req.fields.title.trim(), content: req.fields.content.trim(), imageDescription };
  const fields: Record<string, string> = { ...(await sealPage({ key, owner, day: req.day, revision, words })) };
  fields.visibility = "private";
  if (req.kind === "create") fields.journaldate = req.day;
  // The mood is not sealed: the server keeps it readable, as the editor says (docs/decisions/131).
  const mood = moodFormValue(req.fields.mood);
  if (mood !== undefined) fields.mood = mood;
  // Nor are the activities (docs/decisions/136).
  const activities = activitiesFormValue(req.fields.activities);
  if (activities !== undefined) fields.activities = activities;
  return fields;
}

/**
 * Seals a private page at its next revision (./pages.ts): the one place a save is sealed, whether
 * it is sent now (lockedSaveForm) or kept in the outbox to be sent later, by the page or the
 * service worker, which then need no key (client/outbox.ts).
 */
export async function sealSave({ owner, key, req, entry }: LockedSave): Promise<SealedSave> {
  const revision = nextRevision(entry?.sealed?.revision);
  const fields = await sealedPageFields({
    owner,
    key,
    req,
    revision,
    imageDescription: req.fields.imageDescription.trim() || null,
  });

  // The photo: a new one is prepared here; a readable one kept (a page locked now) is sealed as it
  // is stored (already resized and stripped); a sealed one kept stays as it is, at its own revision.
  let photo: Uint8Array | null = null;
  if (req.photo) photo = await preparedPhoto(req.photo);
  else if (req.kind === "update" && req.removePhoto) fields.removeImage = "true";
  else if (entry && !entry.locked && entry.images[0])
    photo = new Uint8Array(await (await photoBytes(entry.images[0])).arrayBuffer());
  if (!photo) return { fields, photo: null };
  const sealed = await sealPhoto({ key, owner, day: req.day, revision, bytes: photo });
  return { fields, photo: new Blob([sealed as BlobPart], { type: "application/octet-stream" }) };
}

/** The sealed save a form carries (sealedFormOf's), or null for a readable form. */
export function sealedSaveOf(form: FormData): SealedSave | null {
  if (!form.has("sealedRevision")) return null;
  const fields: Record<string, string> = {};
  let photo: Blob | null = null;
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") fields[name] = value;
    else if (name === "sealedImage") photo = value;
  }
  return { fields, photo };
}

/**
 * A locked page made readable (shared with the circle): its words as typed, its photo as this
 * device opened it, and the revision it replaces, without which the server refuses to unseal.
 */
async function unsealedForm({ req, entry }: LockedSave): Promise<FormData> {
  const form = entryForm(req);
  form.set("unseal", String(entry?.sealed?.revision ?? 0));
  const kept = req.kind === "update" && !req.photo && !req.removePhoto ? entry?.images[0] : undefined;
  if (kept) form.set("image", new File([await photoBytes(kept)], "photo", { type: "application/octet-stream" }));
  return form;
}

/**
 * The photos of a save as one list (docs/decisions/139): the save's own (the editor's gallery), or,
 * for a page of several photos whose kind changes (a readable page sealed now, a locked one made
 * readable), the page's photos as they are, the cover with the description typed for it.
 */
function photoListOf({ req, entry }: LockedSave, sealing: boolean): SavePhoto[] | undefined {
  if (req.photos) return req.photos;
  const photos = entry?.photos ?? [];
  if (photos.length < 2 || sealing === Boolean(entry?.locked)) return undefined;
  return photos.map((p, i) => ({
    id: p.id,
    file: null,
    description: i === 0 ? req.fields.imageDescription : (p.description ?? ""),
  }));
}

/** The bytes of the page's photo `id` as this device shows it: the stored one, or, opened here, the locked one. */
async function shownPhoto(entry: Journal | null, id: string | null): Promise<Blob> {
  const index = entry?.photos.findIndex((p) => p.id === id) ?? -1;
  const url = index >= 0 ? entry?.images[index] : undefined;
  if (!url) throw new ApiError(422, PHOTO_LOST);
  return photoBytes(url);
}

/** A photo of a sealed gallery save, ready: one the page keeps sealed (by its id), or bytes to seal and upload. */
export type ReadyPhoto = { description: string } & ({ keep: string } | { bytes: Uint8Array });

/**
 * The save's photos made ready: a sealed one the page keeps is kept by its id; a new one is
 * prepared here; a readable one the page keeps (a page locked now) is read as it is stored.
 */
export async function readyPhotos({ entry }: Pick<LockedSave, "entry">, list: SavePhoto[]): Promise<ReadyPhoto[]> {
  const sealedKept = new Set((entry?.locked ? (entry.sealed?.photos ?? []) : []).map((p) => p.id));
  const ready: ReadyPhoto[] = [];
  for (const p of list) {
    if (p.id && sealedKept.has(p.id)) ready.push({ keep: p.id, description: p.description });
    else {
      const bytes = p.file
        ? await preparedPhoto(p.file)
        : new Uint8Array(await (await shownPhoto(entry, p.id)).arrayBuffer());
      ready.push({ bytes, description: p.description });
    }
  }
  return ready;
}

/**
 * A private page of several photos sealed here (docs/decisions/139), nothing sent yet: its words'
 * fields sealed for the save's revision, and each photo in order, a new one (`bytes`) sealed for
 * that revision as the blob to upload, a sealed one the page keeps named by its id at its own
 * revision. The cover's description is sealed for the page's revision, the others' for their
 * photos'. What the outbox keeps of an offline save, and what an online one uploads and names.
 */
export async function sealGallery(
  { owner, key, req, entry }: LockedSave,
  list: ReadyPhoto[],
): Promise<{ fields: Record<string, string>; photos: OutboxPhoto[] }> {
  const revision = nextRevision(entry?.sealed?.revision);
  const fields = await sealedPageFields({ owner, key, req, revision, imageDescription: null });
  const sealedKept = new Map((entry?.locked ? (entry.sealed?.photos ?? []) : []).map((p) => [p.id, p.revision]));
  const photos: OutboxPhoto[] = [];
  for (const [i, p] of list.entries()) {
    const at = ("keep" in p ? sealedKept.get(p.keep) : undefined) ?? revision;
    const description = p.description.trim();
    const place = { owner, day: req.day, field: "photoAlt" as const, revision: i === 0 ? revision : at };
    const sealedDescription = description ? await sealText(key, place, description) : "";
    if ("keep" in p) photos.push({ blob: null, photo: p.keep, description: sealedDescription, revision: at });
    else {
      const sealed = await sealPhoto({ key, owner, day: req.day, revision, bytes: p.bytes });
      const blob = new Blob([sealed as BlobPart], { type: "application/octet-stream" });
      photos.push({ blob, photo: null, description: sealedDescription, revision });
    }
  }
  return { fields, photos };
}

/**
 * A private page of several photos sealed here and sent (sealGallery): each new photo uploaded
 * sealed first (through `ask`, the app's fetch unless told), then all named in `sealedPhotos`.
 * Online only: the uploads come first.
 */
export async function sealedGallerySave(save: LockedSave, list: ReadyPhoto[], ask?: UploadAsk): Promise<FormData> {
  const { fields, photos } = await sealGallery(save, list);
  const named: ListedPhoto[] = [];
  for (const p of photos)
    named.push(
      p.blob
        ? { upload: await uploadEntryPhoto(sealedUploadForm(p.blob, p.revision!), ask), description: p.description }
        : { photo: p.photo, description: p.description },
    );
  fields.sealedPhotos = photosJson(named);
  return sealedFormOf(fields, null);
}

/** The editor's gallery on a private page of a locked diary, sealed (sealedGallerySave). */
async function sealedGalleryForm(save: LockedSave, list: SavePhoto[]): Promise<FormData> {
  return sealedGallerySave(save, await readyPhotos(save, list));
}

/**
 * A locked page of several photos made readable (shared, docs/decisions/139): each photo it keeps
 * as this device opened it, and each new one, uploaded readable first, then named in order with its
 * description, and the revision it replaces.
 */
async function unsealedGalleryForm({ req, entry }: LockedSave, list: SavePhoto[]): Promise<FormData> {
  const files: SavePhoto[] = [];
  for (const p of list)
    files.push(
      p.file
        ? p
        : {
            ...p,
            id: null,
            file: new File([await shownPhoto(entry, p.id)], "photo", { type: "application/octet-stream" }),
          },
    );
  const form = entryForm({ ...req, photos: files }, await photosFieldOf(files));
  form.set("unseal", String(entry?.sealed?.revision ?? 0));
  return form;
}

/**
 * The form of a save in a locked diary: sealed when private, unsealed when a locked page is shared
 * or the lock is being turned off.
 */
export async function lockedSaveForm(save: LockedSave & { turningOff?: boolean }): Promise<FormData> {
  const sealing = save.req.fields.visibility === "private" && !save.turningOff;
  // A page of several photos (docs/decisions/139): the whole list, sealed or made readable.
  const list = sealing || save.entry?.locked ? photoListOf(save, sealing) : undefined;
  if (list && sealing) return sealedGalleryForm(save, list);
  if (list) return unsealedGalleryForm(save, list);
  // While the lock is turned off (docs/decisions/118) nothing is sealed: a locked page is made readable.
  if (sealing) {
    const { fields, photo } = await sealSave(save);
    return sealedFormOf(fields, photo);
  }
  if (save.entry?.locked) return unsealedForm(save);
  return readableForm(save.req);
}
