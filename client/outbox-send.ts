import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_RUNNING_MESSAGE, entryTag } from "@/lib/validation/idempotency-limits";
import {
  getOutboxItem,
  keepOutboxUploads,
  markOutboxItem,
  removeSentOutboxItem,
  renewOutboxItem,
  type OutboxItem,
  type OutboxPhoto,
} from "./outbox";
import { apiPath } from "./api-path";
import { moodFormValue } from "@/lib/validation/journal-limits";
import { activitiesFormValue } from "@/lib/validation/activity-limits";
import { PHOTO_UPLOAD_GONE_MESSAGE } from "@/lib/journals/photo-upload-limits";

// Sending the outbox (docs/decisions/081), from the page (the `online` event, the app's start) or
// from the service worker (Background Sync). In order, each item once at a time, with its id as
// the Idempotency-Key: a send whose answer was lost is answered again, never written twice.

export type SendResult =
  | { item: OutboxItem; outcome: "sent"; journal: unknown }
  | { item: OutboxItem; outcome: "conflict" | "refused"; message: string };

/** Why sending stopped early: nothing more can go now (offline, signed out, server busy). */
export type StopReason = "offline" | "signed-out" | "busy" | null;

/** Statuses worth sending again later: the same request may succeed then. */
const RETRY_LATER = new Set([408, 425, 429]);

/**
 * A sealed page's form (docs/diary-lock.md): its sealed strings as they are and its sealed photo.
 * The one shape of it, for the outbox and for the editor's online save (client/lock/save.ts): a
 * page whose answer was lost waits as the very request that was sent, which the server answers once.
 */
export function sealedFormOf(sealed: Record<string, string>, photo: Blob | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(sealed)) form.set(name, value);
  if (photo) form.set("sealedImage", photo, "photo.sealed");
  return form;
}

/**
 * POST /api/upload/entry-photo's body for a photo sealed here for `revision` (docs/decisions/139):
 * the one shape of it, for the outbox and for the browser's online saves (client/lock/save.ts).
 */
export function sealedUploadForm(sealed: Blob | Uint8Array, revision: number): FormData {
  const form = new FormData();
  form.set("sealedImage", new Blob([sealed as BlobPart], { type: "application/octet-stream" }), "photo.sealed");
  form.set("sealedRevision", String(revision));
  return form;
}

/** One photo of a save's `photos` list: an upload's id or a photo the page has, with its description. */
export interface ListedPhoto {
  upload?: string;
  photo?: string | null;
  description: string;
}

/**
 * A save's `photos` field (docs/decisions/133): the one shape of it, for the editor's online save
 * (client/photo-uploads.ts) and the outbox, so that a page whose answer was lost waits as the very
 * request that was sent (its Idempotency-Key covers the form's bytes).
 */
export function photosJson(photos: readonly ListedPhoto[]): string {
  return JSON.stringify(
    photos.map(({ upload, photo, description }) =>
      upload ? { upload, description: description.trim() } : { photo, description: description.trim() },
    ),
  );
}

/** The request's form: a sealed item's as it was sealed (no key is needed here), another's from its words. */
export function formOf(item: OutboxItem): FormData {
  if (item.photos?.some((p) => p.blob && !p.upload)) throw new Error("The photos are uploaded before the form is made");
  // A sealed page of several photos (docs/decisions/139): each named, sealed, in `sealedPhotos`.
  if (item.sealed && item.photos) return sealedFormOf({ ...item.sealed, sealedPhotos: photosJson(item.photos) }, null);
  if (item.sealed) return sealedFormOf(item.sealed, item.photo);
  const form = new FormData();
  form.set("title", item.fields.title.trim());
  form.set("content", item.fields.content.trim());
  form.set("visibility", item.fields.visibility);
  form.set("isAnonymous", String(item.fields.visibility === "close-circle" && item.fields.isAnonymous));
  const mood = moodFormValue(item.fields.mood);
  if (mood !== undefined) form.set("mood", mood);
  const activities = activitiesFormValue(item.fields.activities);
  if (activities !== undefined) form.set("activities", activities);
  if (item.kind === "create") form.set("journaldate", item.day);
  if (item.photos) {
    form.set("photos", photosJson(item.photos));
    return form;
  }
  form.set("imageDescription", item.fields.imageDescription.trim());
  if (item.photo) form.set("image", item.photo, "photo");
  else if (item.kind === "update" && item.removePhoto) form.set("removeImage", "true");
  return form;
}

async function messageOf(res: Response): Promise<string> {
  try {
    const body: unknown = await res.json();
    if (body && typeof body === "object" && "message" in body && typeof body.message === "string") return body.message;
  } catch {
    // Not JSON: the generic words below.
  }
  return "The server refused this page.";
}

type Uploaded = { photos: OutboxPhoto[] } | { stopped: Exclude<StopReason, null> } | { refused: string };

/**
 * Uploads the item's new photos not uploaded yet, one at a time (POST /api/upload/entry-photo), and
 * keeps each upload's id in the item as it comes: a later try names it rather than uploading again.
 */
async function uploadPhotos(item: OutboxItem, photos: OutboxPhoto[], token?: string | null): Promise<Uploaded> {
  const done = [...photos];
  for (const [i, p] of done.entries()) {
    if (!p.blob || p.upload) continue;
    let form = new FormData();
    // A sealed item's photo goes as the browser sealed it, for its revision (docs/decisions/139).
    if (item.sealed) form = sealedUploadForm(p.blob, p.revision ?? Number(item.sealed.sealedRevision));
    else form.set("image", p.blob, "photo");
    const headers = new Headers();
    if (token) headers.set("Authorization", `Bearer ${token}`);
    let res: Response;
    try {
      res = await fetch(apiPath("POST /api/upload/entry-photo"), {
        method: "POST",
        body: form,
        headers,
        credentials: "same-origin",
      });
    } catch {
      return { stopped: "offline" };
    }
    if (res.status === 401) return { stopped: "signed-out" };
    if (res.status >= 500 || RETRY_LATER.has(res.status)) return { stopped: "busy" };
    if (!res.ok) return { refused: await messageOf(res) };
    const body: unknown = await res.json().catch(() => null);
    const id = body && typeof body === "object" && "id" in body && typeof body.id === "string" ? body.id : null;
    if (!id) return { stopped: "busy" };
    done[i] = { ...p, upload: id };
    await keepOutboxUploads(item.id, done);
  }
  return { photos: done };
}

/** The Web Lock every sender of this browser's outbox holds while it sends. */
const SEND_LOCK = "inkwell-outbox-send";

/**
 * One sender at a time in this browser: its tabs and its service worker (Background Sync) wake
 * together when the connection returns. Two at once would each upload a page's new photos and
 * send it under the same Idempotency-Key with other uploads named: a different request, which
 * the server refuses (docs/decisions/081). Without Web Locks (an old browser), each sends alone.
 */
async function oneSenderAtATime<T>(send: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks) return send();
  let result: T | undefined;
  await locks.request(SEND_LOCK, async () => {
    result = await send();
  });
  return result as T;
}

/**
 * Sends `items` (one person's, oldest first), one sender at a time, each item as it is kept when
 * its turn comes (another sender may have sent it, or uploaded its photos, meanwhile). A 2xx
 * removes the item; a 409 for the day or a 412 marks it a conflict and another definite 4xx marks
 * it refused (the page turns both into drafts); a network failure, 401, 429 or 5xx stops here and
 * keeps the rest for the next time.
 */
export function sendOutboxItems({
  items,
  token,
}: {
  items: OutboxItem[];
  token?: string | null;
}): Promise<{ results: SendResult[]; stopped: StopReason }> {
  return oneSenderAtATime(() => sendInTurn(items, token));
}

async function sendInTurn(
  items: OutboxItem[],
  token?: string | null,
): Promise<{ results: SendResult[]; stopped: StopReason }> {
  const results: SendResult[] = [];
  // An item asked anew once (its uploads gone from the server) is sent again at once, under its new key.
  const queue = [...items];
  const renewed = new Set<string>();
  for (let next = queue.shift(); next; next = queue.shift()) {
    let item = await getOutboxItem(next.id);
    if (!item || item.state !== "waiting" || item.id.length > IDEMPOTENCY_KEY_MAX) continue;
    if (item.photos?.some((p) => p.blob && !p.upload)) {
      const uploaded = await uploadPhotos(item, item.photos, token);
      if ("stopped" in uploaded) return { results, stopped: uploaded.stopped };
      if ("refused" in uploaded) {
        await markOutboxItem(item.id, "refused", uploaded.refused);
        results.push({ item, outcome: "refused", message: uploaded.refused });
        continue;
      }
      item = { ...item, photos: uploaded.photos };
    }
    const headers = new Headers({ "Idempotency-Key": item.id });
    if (token) headers.set("Authorization", `Bearer ${token}`);
    if (item.kind === "update" && item.baseUpdatedAt) headers.set("If-Match", entryTag(item.baseUpdatedAt));
    const path =
      item.kind === "create"
        ? apiPath("POST /api/journals")
        : apiPath("PUT /api/journals/{id}", { id: item.entryId ?? "" });
    let res: Response;
    try {
      res = await fetch(path, {
        method: item.kind === "create" ? "POST" : "PUT",
        body: formOf(item),
        headers,
        credentials: "same-origin",
      });
    } catch {
      return { results, stopped: "offline" };
    }
    if (res.ok) {
      const body: unknown = await res.json().catch(() => null);
      const journal = item.kind === "create" ? body : (body as { journal?: unknown } | null)?.journal;
      await removeSentOutboxItem(item, journal ?? null);
      results.push({ item, outcome: "sent", journal });
      continue;
    }
    if (res.status === 401) return { results, stopped: "signed-out" };
    // 409 is also "the same key is still being processed": that one is worth asking again later.
    const message = await messageOf(res);
    if (res.status === 400 && message === PHOTO_UPLOAD_GONE_MESSAGE && !renewed.has(item.id)) {
      const again = await renewOutboxItem(item);
      renewed.add(again.id);
      queue.unshift(again);
      continue;
    }
    const stillRunning = res.status === 409 && message === IDEMPOTENCY_KEY_RUNNING_MESSAGE;
    if (res.status >= 500 || RETRY_LATER.has(res.status) || stillRunning) return { results, stopped: "busy" };
    const outcome = res.status === 409 || res.status === 412 ? "conflict" : "refused";
    await markOutboxItem(item.id, outcome, message);
    results.push({ item, outcome, message });
  }
  return { results, stopped: null };
}
