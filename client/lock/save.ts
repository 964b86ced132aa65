import type { Journal } from "@/lib/contract/answers";
import { ApiError } from "../api-error";
import { entryForm, type SaveRequest } from "../journals";
import { nextRevision, sealPage, sealPhoto } from "./pages";
import { LockedPhotoError, prepareLockedPhoto } from "./photo";

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

/** A private page, sealed at its next revision (./pages.ts). */
async function sealedForm({ owner, key, req, entry }: LockedSave): Promise<FormData> {
  const revision = nextRevision(entry?.sealed?.revision);
  const words = {
    title: req.fields.title.trim(),
    content: req.fields.content.trim(),
    imageDescription: req.fields.imageDescription.trim() || null,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(await sealPage({ key, owner, day: req.day, revision, words })))
    form.set(name, value);
  form.set("visibility", "private");
  if (req.kind === "create") form.set("journaldate", req.day);

  // The photo: a new one is prepared here; a readable one kept (a page locked now) is sealed as it
  // is stored (already resized and stripped); a sealed one kept stays as it is, at its own revision.
  let photo: Uint8Array | null = null;
  if (req.photo) photo = await prepared(req.photo);
  else if (req.kind === "update" && req.removePhoto) form.set("removeImage", "true");
  else if (entry && !entry.locked && entry.images[0])
    photo = new Uint8Array(await (await photoBytes(entry.images[0])).arrayBuffer());
  if (photo) {
    const sealed = await sealPhoto({ key, owner, day: req.day, revision, bytes: photo });
    form.set("sealedImage", new Blob([sealed as BlobPart], { type: "application/octet-stream" }), "photo.sealed");
  }
  return form;
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

/** The form of a save in a locked diary: sealed when private, unsealed when a locked page is shared. */
export function lockedSaveForm(save: LockedSave): Promise<FormData> {
  if (save.req.fields.visibility === "private") return sealedForm(save);
  if (save.entry?.locked) return unsealedForm(save);
  return Promise.resolve(entryForm(save.req));
}
