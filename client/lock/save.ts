import type { Journal } from "@/lib/contract/answers";
import { ApiError } from "../api-error";
import { entryForm, readableForm, type SaveRequest } from "../journals";
import { sealedFormOf } from "../outbox-send";
import { nextRevision, sealPage, sealPhoto } from "./pages";
import { LockedPhotoError, prepareLockedPhoto } from "./photo";
import { LOCKED_ONE_PHOTO_MESSAGE } from "./editor";
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
async function prepared(file: Blob): Promise<Uint8Array> {
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
}

/**
 * Seals a private page at its next revision (./pages.ts): the one place a save is sealed, whether
 * it is sent now (lockedSaveForm) or kept in the outbox to be sent later, by the page or the
 * service worker, which then need no key (client/outbox.ts).
 */
export async function sealSave({ owner, key, req, entry }: LockedSave): Promise<SealedSave> {
  const revision = nextRevision(entry?.sealed?.revision);
  const words = {
    title: req.fields.title.trim(),
    content: req.fields.content.trim(),
    imageDescription: req.fields.imageDescription.trim() || null,
  };
  const fields: Record<string, string> = { ...(await sealPage({ key, owner, day: req.day, revision, words })) };
  fields.visibility = "private";
  if (req.kind === "create") fields.journaldate = req.day;
  // The mood is not sealed: the server keeps it readable, as the editor says (docs/decisions/131).
  const mood = moodFormValue(req.fields.mood);
  if (mood !== undefined) fields.mood = mood;
  // Nor are the activities (docs/decisions/136).
  const activities = activitiesFormValue(req.fields.activities);
  if (activities !== undefined) fields.activities = activities;

  // The photo: a new one is prepared here; a readable one kept (a page locked now) is sealed as it
  // is stored (already resized and stripped); a sealed one kept stays as it is, at its own revision.
  let photo: Uint8Array | null = null;
  if (req.photo) photo = await prepared(req.photo);
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
 * The form of a save in a locked diary: sealed when private, unsealed when a locked page is shared
 * or the lock is being turned off.
 */
export async function lockedSaveForm(save: LockedSave & { turningOff?: boolean }): Promise<FormData> {
  const sealing = save.req.fields.visibility === "private" && !save.turningOff;
  // A locked page keeps one photo (docs/decisions/134): a list of several is neither sealed nor unsealed.
  if (save.req.photos && (sealing || save.entry?.locked)) throw new ApiError(409, LOCKED_ONE_PHOTO_MESSAGE);
  // While the lock is turned off (docs/decisions/118) nothing is sealed: a locked page is made readable.
  if (sealing) {
    const { fields, photo } = await sealSave(save);
    return sealedFormOf(fields, photo);
  }
  if (save.entry?.locked) return unsealedForm(save);
  return readableForm(save.req);
}
