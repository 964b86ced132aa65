import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  OutboxPhotoTooLargeError,
  addOutboxItem,
  clearWholeOutbox,
  keepOutboxUploads,
  listAllWaiting,
  listOutboxItems,
  markOutboxItem,
  markOutboxItemDrafted,
  removeOutboxItem,
  removeSentOutboxItem,
  renewOutboxItem,
  subscribeOutbox,
  subscribeOutboxSent,
  type OutboxSent,
} from "../../client/outbox";
import { formOf, photosJson, sendOutboxItems } from "../../client/outbox-send";
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

describe("a page of several photos (docs/decisions/134)", () => {
  const photos = () => [
    { blob: null, photo: "aaaaaaaaaaaa", description: " The lake " },
    { blob: new Blob([new Uint8Array(10)], { type: "image/png" }), photo: null, description: "" },
  ];

  it("is kept with each new photo's bytes, refused over the photo limit, and its uploads kept as they come", async () => {
    await expect(
      addOutboxItem(
        page({ photos: [{ blob: new Blob([new Uint8Array(IMAGE_MAX_BYTES + 1)]), photo: null, description: "" }] }),
      ),
    ).rejects.toBeInstanceOf(OutboxPhotoTooLargeError);
    const item = await addOutboxItem(page({ photos: photos() }));
    // Not sendable as a form until every new photo is uploaded: the sender uploads them first.
    expect(() => formOf(item)).toThrow();
    await keepOutboxUploads(item.id, [
      photos()[0]!,
      { ...photos()[1]!, upload: "b1c9a4f0-1f3d-4c6e-9a51-0d8a1b2c3d4e" },
    ]);
    const [kept] = await listOutboxItems("u1");
    const form = formOf(kept!);
    expect(form.get("photos")).toBe(
      photosJson([
        { photo: "aaaaaaaaaaaa", description: "The lake" },
        { upload: "b1c9a4f0-1f3d-4c6e-9a51-0d8a1b2c3d4e", description: "" },
      ]),
    );
    expect(JSON.parse(form.get("photos") as string)).toEqual([
      { photo: "aaaaaaaaaaaa", description: "The lake" },
      { upload: "b1c9a4f0-1f3d-4c6e-9a51-0d8a1b2c3d4e", description: "" },
    ]);
    for (const name of ["image", "removeImage", "imageDescription"]) expect(form.has(name), name).toBe(false);
  });

  it("asked anew under a new key, its uploads forgotten and its photos kept, when the server no longer holds them", async () => {
    const item = await addOutboxItem(page({ photos: photos() }));
    await keepOutboxUploads(item.id, [
      photos()[0]!,
      { ...photos()[1]!, upload: "b1c9a4f0-1f3d-4c6e-9a51-0d8a1b2c3d4e" },
    ]);
    const [kept] = await listOutboxItems("u1");
    const renewed = await renewOutboxItem(kept!);
    expect(renewed.id).not.toBe(item.id);
    const items = await listOutboxItems("u1");
    expect(items.map((i) => i.id)).toEqual([renewed.id]);
    expect(items[0]!.photos?.map((p) => [p.photo, p.upload, p.blob?.size ?? null])).toEqual([
      ["aaaaaaaaaaaa", undefined, null],
      [null, undefined, 10],
    ]);
  });
  it("is sent by one sender at a time: the tab and the service worker waking together upload each photo once and send the page once", async () => {
    const item = await addOutboxItem(page({ photos: photos() }));
    const asked: string[] = [];
    let release!: () => void;
    const bothAtIt = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal("fetch", async (path: string, init: RequestInit) => {
      asked.push(`${init.method} ${path}`);
      // The first upload answers only once the other sender is at it too: waiting for its turn, or uploading.
      await bothAtIt;
      return path === "/api/upload/entry-photo"
        ? Response.json({ id: `upload-${asked.length}` }, { status: 201 })
        : Response.json({ id: "e1" }, { status: 201 });
    });
    try {
      const sending = Promise.all([sendOutboxItems({ items: [item] }), sendOutboxItems({ items: [item] })]);
      await vi.waitFor(async () => {
        const { pending = [] } = await navigator.locks.query();
        expect(asked.length > 1 || pending.length > 0).toBe(true);
      });
      release();
      const [tab, worker] = await sending;
      expect(asked).toEqual(["POST /api/upload/entry-photo", "POST /api/journals"]);
      expect([tab.results.map((r) => r.outcome), worker.results]).toEqual([["sent"], []]);
      expect(await listOutboxItems("u1")).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("never brings back a page removed meanwhile: a late sender's uploads or mark find it gone", async () => {
    const item = await addOutboxItem(page({ photos: photos() }));
    await removeOutboxItem(item.id);
    await keepOutboxUploads(item.id, [
      photos()[0]!,
      { ...photos()[1]!, upload: "b1c9a4f0-1f3d-4c6e-9a51-0d8a1b2c3d4e" },
    ]);
    await markOutboxItem(item.id, "refused", "This Idempotency-Key was already used for a different request.");
    expect(await listOutboxItems("u1")).toEqual([]);
  });
});
