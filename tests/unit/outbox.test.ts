import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  OutboxPhotoTooLargeError,
  addOutboxItem,
  clearWholeOutbox,
  listAllWaiting,
  listOutboxItems,
  markOutboxItem,
  markOutboxItemDrafted,
  removeOutboxItem,
  removeSentOutboxItem,
  subscribeOutbox,
  subscribeOutboxSent,
  type OutboxSent,
} from "../../client/outbox";
import { IMAGE_MAX_BYTES } from "../../lib/images/limits.mjs";

// The outbox's storage (client/outbox.ts, docs/decisions/081) on fake-indexeddb, a stand-in for the
// browser's IndexedDB: what is kept, replaced, marked and announced. Node's own BroadcastChannel
// carries the announcements, as the browser's does between tabs and the service worker. Sending the
// pages and showing them are e2e/offline-writing.spec.ts's; the editor's side of it is
// tests/unit/day-editor-machine.test.ts's.

const fields = { title: "Train", content: "Written offline.", visibility: "private", isAnonymous: false } as const;

function page(over: Partial<Parameters<typeof addOutboxItem>[0]> = {}) {
  return {
    userId: "u1",
    day: "2026-03-10",
    kind: "create" as const,
    entryId: null,
    baseUpdatedAt: null,
    fields: { ...fields, imageDescription: "" },
    photo: null,
    removePhoto: false,
    ...over,
  };
}

/** The next message the outbox's channel carries, as a subscriber gets it. */
function nextChange(): Promise<void> {
  return new Promise((resolve) => {
    const stop = subscribeOutbox(() => {
      stop();
      resolve();
    });
  });
}

beforeEach(async () => {
  await clearWholeOutbox();
  // Only Date: fake-indexeddb's own scheduling keeps the real timers.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-03-10T09:00:00Z"));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the outbox", () => {
  it("keeps a page waiting, with the key an online attempt already used", async () => {
    const changed = nextChange();
    const stored = await addOutboxItem({ ...page(), id: "attempt-1" });
    await changed;
    expect(stored).toMatchObject({ id: "attempt-1", state: "waiting", queuedAt: Date.parse("2026-03-10T09:00:00Z") });
    expect(await listOutboxItems("u1")).toEqual([stored]);
    expect(await listOutboxItems("someone-else")).toEqual([]);
  });

  it("sends only a day's latest words: a newer save replaces the waiting one, not a conflict nor another day", async () => {
    const first = await addOutboxItem(page());
    await markOutboxItem(first.id, "conflict", "Changed on another device.");
    // A second apart: pages kept in the same millisecond come back in their ids' (random) order.
    vi.advanceTimersByTime(1000);
    const other = await addOutboxItem(page({ day: "2026-03-09" }));
    vi.advanceTimersByTime(1000);
    const older = await addOutboxItem(page({ fields: { ...fields, imageDescription: "", title: "Draft 1" } }));
    vi.advanceTimersByTime(1000);
    const latest = await addOutboxItem(page({ fields: { ...fields, imageDescription: "", title: "Draft 2" } }));
    const ids = (await listOutboxItems("u1")).map((i) => i.id);
    expect(ids).toEqual([first.id, other.id, latest.id]);
    expect(ids).not.toContain(older.id);
    // What is sent: the waiting ones, oldest first.
    expect((await listAllWaiting()).map((i) => i.id)).toEqual([other.id, latest.id]);
  });

  it("refuses a photo over the server's limit before keeping anything", async () => {
    const photo = new Blob([new Uint8Array(IMAGE_MAX_BYTES + 1)]);
    await expect(addOutboxItem(page({ photo }))).rejects.toBeInstanceOf(OutboxPhotoTooLargeError);
    expect(await listOutboxItems("u1")).toEqual([]);
  });

  it("marks a conflict and its draft once, and a page gone meanwhile stays gone", async () => {
    const item = await addOutboxItem(page());
    await markOutboxItem(item.id, "conflict", "Changed on another device.");
    await markOutboxItemDrafted(item.id);
    expect(await listOutboxItems("u1")).toEqual([
      { ...item, state: "conflict", message: "Changed on another device.", drafted: true },
    ]);
    await removeOutboxItem(item.id);
    await markOutboxItem(item.id, "refused", "late");
    await markOutboxItemDrafted(item.id);
    expect(await listOutboxItems("u1")).toEqual([]);
  });

  it("tells every listener which page reached the server, with the words sent and the server's entry", async () => {
    const item = await addOutboxItem(page());
    const sent = new Promise<OutboxSent>((resolve) => {
      const stop = subscribeOutboxSent((s) => {
        stop();
        resolve(s);
      });
    });
    await removeSentOutboxItem(item, { id: "j1" });
    expect(await sent).toEqual({ userId: "u1", day: "2026-03-10", fields: item.fields, journal: { id: "j1" } });
    expect(await listOutboxItems("u1")).toEqual([]);
  });

  it("is emptied whole on logout, everyone's pages", async () => {
    await addOutboxItem(page());
    await addOutboxItem(page({ userId: "u2" }));
    await clearWholeOutbox();
    expect(await listAllWaiting()).toEqual([]);
  });
});
