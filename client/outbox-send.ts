import { IDEMPOTENCY_KEY_MAX, KEY_RUNNING_MESSAGE, entryTag } from "@/lib/validation/idempotency-limits";
import { markOutboxItem, removeSentOutboxItem, type OutboxItem } from "./outbox";
import { apiPath } from "./api-path";
import { moodFormValue } from "@/lib/validation/journal-limits";

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

/** The request's form: a sealed item's as it was sealed (no key is needed here), another's from its words. */
export function formOf(item: OutboxItem): FormData {
  if (item.sealed) return sealedFormOf(item.sealed, item.photo);
  const form = new FormData();
  form.set("title", item.fields.title.trim());
  form.set("content", item.fields.content.trim());
  form.set("visibility", item.fields.visibility);
  form.set("isAnonymous", String(item.fields.visibility === "close-circle" && item.fields.isAnonymous));
  form.set("imageDescription", item.fields.imageDescription.trim());
  const mood = moodFormValue(item.fields.mood);
  if (mood !== undefined) form.set("mood", mood);
  if (item.kind === "create") form.set("journaldate", item.day);
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

/**
 * Sends `items` (one person's, oldest first). A 2xx removes the item; a 409 for the day or a 412
 * marks it a conflict and another definite 4xx marks it refused (the page turns both into drafts);
 * a network failure, 401, 429 or 5xx stops here and keeps the rest for the next time.
 */
export async function sendOutboxItems({
  items,
  token,
}: {
  items: OutboxItem[];
  token?: string | null;
}): Promise<{ results: SendResult[]; stopped: StopReason }> {
  const results: SendResult[] = [];
  for (const item of items) {
    if (item.state !== "waiting" || item.id.length > IDEMPOTENCY_KEY_MAX) continue;
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
    const stillRunning = res.status === 409 && message === KEY_RUNNING_MESSAGE;
    if (res.status >= 500 || RETRY_LATER.has(res.status) || stillRunning) return { results, stopped: "busy" };
    const outcome = res.status === 409 || res.status === 412 ? "conflict" : "refused";
    await markOutboxItem(item.id, outcome, message);
    results.push({ item, outcome, message });
  }
  return { results, stopped: null };
}
