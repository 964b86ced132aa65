import { answerOf, errorMessage } from "./api";
import { apiPath } from "./api-path";
import { ApiError } from "./api-error";
import { apiRequest } from "./query-client";
import { photosJson, type ListedPhoto } from "./outbox-send";

// A page's several photos are saved in two steps (docs/decisions/133, 134): each new one is
// uploaded on its own (POST /api/upload/entry-photo), then the save names them all, in order, in
// its `photos` list. A photo uploaded once is named again by a save tried again (a refusal, a lost
// answer): the server keeps an upload waiting for hours, and a save that used it answers again
// under its Idempotency-Key.

/** One photo of a save's list: one the page has (`id`), or a new one (`file`), with its description. */
export interface SavePhoto {
  id: string | null;
  file: File | null;
  description: string;
}

export const PHOTO_UPLOAD_FAILED = "Could not upload a photo — your words and photos are kept here; try again.";

/** How an upload is sent: the app's fetch, or a run's own API (a locked diary's import, turning the lock on or off). */
export type UploadAsk = (path: string, init: RequestInit) => Promise<Response>;

const appAsk: UploadAsk = (path, init) => apiRequest(path, init, PHOTO_UPLOAD_FAILED);

/**
 * POST /api/upload/entry-photo with `form` (`image`, or a photo sealed here: `sealedImage` and
 * `sealedRevision`): the upload's id. A refusal is an ApiError with the server's words.
 */
export async function uploadEntryPhoto(form: FormData, ask: UploadAsk = appAsk): Promise<string> {
  const res = await ask(apiPath("POST /api/upload/entry-photo"), { method: "POST", body: form });
  if (!res.ok) throw new ApiError(res.status, (await errorMessage(res)) ?? PHOTO_UPLOAD_FAILED);
  return (await answerOf("POST /api/upload/entry-photo", res)).id;
}

const uploaded = new WeakMap<File, string>();

async function upload(file: File): Promise<string> {
  const known = uploaded.get(file);
  if (known) return known;
  const form = new FormData();
  form.set("image", file);
  const id = await uploadEntryPhoto(form);
  uploaded.set(file, id);
  return id;
}

/** The save's `photos` field: its new photos uploaded first, one at a time, in order. */
export async function photosFieldOf(photos: readonly SavePhoto[]): Promise<string> {
  const list: ListedPhoto[] = [];
  for (const p of photos) {
    if (p.file) list.push({ upload: await upload(p.file), description: p.description });
    else list.push({ photo: p.id, description: p.description });
  }
  return photosJson(list);
}

/** The upload a chosen photo already has, if any: the outbox names it again (./outbox-send.ts). */
export function knownUpload(file: File): string | undefined {
  return uploaded.get(file);
}

/** Forgets the uploads of these photos: the server no longer holds them for a save (gone, or used). */
export function forgetUploads(photos: readonly SavePhoto[]) {
  for (const p of photos) if (p.file) uploaded.delete(p.file);
}
