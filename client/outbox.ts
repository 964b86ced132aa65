import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { IMAGE_MAX_BYTES } from "@/lib/images/limits.mjs";
import { IMAGE_TOO_LARGE_MESSAGE } from "@/lib/images/messages";
import type { Visibility } from "@/lib/validation/journal-limits";
import { SEALED_IMAGE_MAX_BYTES } from "@/lib/validation/lock-sizes";

// The outbox (docs/decisions/081): entries saved while offline, kept in this browser's IndexedDB
// until the server has them. Plain IndexedDB and BroadcastChannel only, so the page and the service
// worker (client/worker/outbox-sync.ts) share it; no React, no window.

export interface OutboxFields {
  title: string;
  content: string;
  visibility: Visibility;
  isAnonymous: boolean;
  imageDescription: string;
  /** The day's mood (docs/decisions/131); missing in items kept before moods: not sent, the page keeps its own. */
  mood?: number | null;
  /** What the writer did that day (docs/decisions/136); missing in items kept before activities: not sent. */
  activities?: string[];
}

/**
 * One photo of a page of several (docs/decisions/134): a new one's bytes as chosen, with its
 * upload's id once uploaded (the next try names it again), or one the page has, by its id.
 */
export interface OutboxPhoto {
  blob: Blob | null;
  upload?: string;
  photo: string | null;
  description: string;
  /**
   * A sealed item's photo (docs/decisions/139): `blob` is sealed and `description` a sealed item
   * (or ""), both for this revision (the cover's description for the page's); uploaded as
   * `sealedImage` and named in `sealedPhotos`.
   */
  revision?: number;
}

export interface OutboxItem {
  /** A random idempotency key: the server makes the entry once however often it is sent. */
  id: string;
  userId: string;
  day: string;
  kind: "create" | "update";
  /** For an update: the entry, and the updatedAt the edit was based on (sent as If-Match). */
  entryId: string | null;
  baseUpdatedAt: string | null;
  /** The words, readable; for a sealed item none: SEALED_FIELDS (the words are in `sealed`). */
  fields: OutboxFields;
  /** The new photo; for a sealed item, the photo as sealed in the browser (the form's `sealedImage`). */
  photo: Blob | null;
  removePhoto: boolean;
  /** The page's whole list of photos, for a page of several (then `photo` is null); sent as `photos`. */
  photos?: OutboxPhoto[];
  /**
   * A locked diary's private page (docs/diary-lock.md), sealed in the browser before it was kept:
   * the form's string fields exactly as the server takes them (sealedTitle, sealedContent,
   * sealedRevision, visibility…; client/lock/save.ts's sealSave), sent as they are, by the page or
   * the worker, without the key. The page opens them again with the key (client/lock/outbox.ts).
   */
  sealed?: Record<string, string>;
  /** Milliseconds since 1970: items are sent in this order. */
  queuedAt: number;
  /**
   * "waiting" to be sent; "conflict": the day changed on another device meanwhile (409/412), so the
   * page keeps the text as a draft and offers to compare; "refused": a definite 4xx, kept as a draft too.
   */
  state: "waiting" | "conflict" | "refused";
  message?: string;
  /** The page has kept a conflict's words as the day's draft (once: later edits of the draft stay). */
  drafted?: boolean;
}

interface OutboxDb extends DBSchema {
  items: { key: string; value: OutboxItem; indexes: { byUser: string } };
}

/** What a sealed item keeps of the words: nothing readable. */
export const SEALED_FIELDS: OutboxFields = Object.freeze({
  title: "",
  content: "",
  visibility: "private",
  isAnonymous: false,
  imageDescription: "",
});

const DB_NAME = "inkwell-outbox";
const CHANNEL = "inkwell-outbox";
export const OUTBOX_SYNC_TAG = "inkwell-outbox";

let opening: Promise<IDBPDatabase<OutboxDb>> | null = null;

function outboxDb(): Promise<IDBPDatabase<OutboxDb>> {
  opening ??= openDB<OutboxDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore("items", { keyPath: "id" }).createIndex("byUser", "userId");
    },
  });
  return opening;
}

/** A page that reached the server, told to every tab by whoever sent it (a tab or the worker). */
export interface OutboxSent {
  userId: string;
  day: string;
  /** The words that were sent: SEALED_FIELDS for a sealed page, whose words are `sealed`'s. */
  fields: OutboxFields;
  sealed?: Record<string, string>;
  /** The server's answer: the entry as it is now. */
  journal: unknown;
}

/** Tells every tab and the worker that the outbox changed (and, with `sent`, which page reached the server). */
function announce(sent?: OutboxSent) {
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(sent ? { sent } : "changed");
  channel.close();
}

export class OutboxPhotoTooLargeError extends Error {
  constructor() {
    super(IMAGE_TOO_LARGE_MESSAGE);
  }
}

/**
 * Stores an item to send later; a photo over the server's limit is refused first, as online (a
 * sealed photo against the sealed limit). `id`: the Idempotency-Key an online attempt already used,
 * whose answer may have been lost on the way. A sealed item's readable fields are never kept,
 * whatever was passed: they are SEALED_FIELDS.
 */
export async function addOutboxItem({
  id = crypto.randomUUID(),
  ...item
}: Omit<OutboxItem, "id" | "queuedAt" | "state"> & { id?: string }): Promise<OutboxItem> {
  const photoMax = item.sealed ? SEALED_IMAGE_MAX_BYTES : IMAGE_MAX_BYTES;
  if (item.photo && item.photo.size > photoMax) throw new OutboxPhotoTooLargeError();
  if (item.photos?.some((p) => p.blob && p.blob.size > photoMax)) throw new OutboxPhotoTooLargeError();
  const fields = item.sealed ? SEALED_FIELDS : item.fields;
  const stored: OutboxItem = { ...item, fields, id, queuedAt: Date.now(), state: "waiting" };
  const db = await outboxDb();
  // A newer offline save of the same day replaces a waiting one: only the latest words are sent.
  const tx = db.transaction("items", "readwrite");
  for (const old of await tx.store.index("byUser").getAll(item.userId)) {
    if (old.day === item.day && old.state === "waiting") await tx.store.delete(old.id);
  }
  await tx.store.put(stored);
  await tx.done;
  announce();
  return stored;
}

/** This person's items, oldest first. */
export async function listOutboxItems(userId: string): Promise<OutboxItem[]> {
  const items = await (await outboxDb()).getAllFromIndex("items", "byUser", userId);
  return items.sort((a, b) => a.queuedAt - b.queuedAt);
}

/** Every person's waiting items, oldest first: what the worker sends. */
export async function listAllWaiting(): Promise<OutboxItem[]> {
  const items = await (await outboxDb()).getAll("items");
  return items.filter((i) => i.state === "waiting").sort((a, b) => a.queuedAt - b.queuedAt);
}

export async function removeOutboxItem(id: string): Promise<void> {
  await (await outboxDb()).delete("items", id);
  announce();
}

/**
 * Removes an item the server took, and tells every tab so: the tab showing its day shows it saved,
 * whether that tab or the service worker (Background Sync) sent it.
 */
export async function removeSentOutboxItem(item: OutboxItem, journal: unknown): Promise<void> {
  await (await outboxDb()).delete("items", item.id);
  const { userId, day, fields, sealed } = item;
  announce({ userId, day, fields, ...(sealed ? { sealed } : {}), journal });
}

/** One item as it is kept now; undefined once it is gone (sent, or removed). */
export async function getOutboxItem(id: string): Promise<OutboxItem | undefined> {
  return (await outboxDb()).get("items", id);
}

/**
 * Changes an item in one transaction: one sent and removed meanwhile (by another tab or the
 * service worker) is never brought back. Whether it was there.
 */
async function changeItem(id: string, change: (item: OutboxItem) => OutboxItem): Promise<boolean> {
  const tx = (await outboxDb()).transaction("items", "readwrite");
  const item = await tx.store.get(id);
  if (item) await tx.store.put(change(item));
  await tx.done;
  return Boolean(item);
}

/** Keeps the uploads of an item's photos, so that a later try names them rather than uploading again. */
export async function keepOutboxUploads(id: string, photos: OutboxPhoto[]): Promise<void> {
  await changeItem(id, (item) => ({ ...item, photos }));
}

/**
 * The item again under a new key, its uploads forgotten: the server no longer holds them, and it
 * keeps its refusal of the old key's request (docs/decisions/081), so the page is asked anew.
 */
export async function renewOutboxItem(item: OutboxItem): Promise<OutboxItem> {
  const renewed: OutboxItem = {
    ...item,
    id: crypto.randomUUID(),
    photos: item.photos?.map(({ blob, photo, description, revision }) => ({
      blob,
      photo,
      description,
      ...(revision !== undefined && { revision }),
    })),
  };
  const db = await outboxDb();
  const tx = db.transaction("items", "readwrite");
  await tx.store.delete(item.id);
  await tx.store.put(renewed);
  await tx.done;
  return renewed;
}

export async function markOutboxItem(id: string, state: "conflict" | "refused", message: string): Promise<void> {
  if (await changeItem(id, (item) => ({ ...item, state, message }))) announce();
}

export async function markOutboxItemDrafted(id: string): Promise<void> {
  if (await changeItem(id, (item) => ({ ...item, drafted: true }))) announce();
}

/**
 * Forgets every item in this browser: on logout, so the next person at a shared computer finds none
 * of it, as the drafts go then too (client/diary-drafts.ts, clearAllDrafts).
 */
export async function clearWholeOutbox(): Promise<void> {
  await (await outboxDb()).clear("items");
  announce();
}

/** Calls `onSent` for each page that reached the server, sent from this context or another. */
export function subscribeOutboxSent(onSent: (sent: OutboxSent) => void): () => void {
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e: MessageEvent<unknown>) => {
    const data = e.data;
    if (data && typeof data === "object" && "sent" in data) onSent((data as { sent: OutboxSent }).sent);
  };
  return () => channel.close();
}

/** Calls `onChange` whenever the outbox may have changed, in this context or another. */
export function subscribeOutbox(onChange: () => void): () => void {
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = onChange;
  // BroadcastChannel does not echo to its sender's own channel object, but announce() uses a new one.
  return () => channel.close();
}
