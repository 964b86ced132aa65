import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import type { EntryFields, SaveRequest } from "@/client/journals";
import { itemKey, newDiarySecret, openRaw, openText, type Field, type Place } from "@/client/lock/crypto";
import { openDraft } from "@/client/lock/drafts";
import { offlineSealing } from "@/client/lock/editor";
import { deviceKeyQuery } from "@/client/lock/keys";
import { lockStateQuery } from "@/client/lock/state";
import { openDeviceWords } from "@/client/lock/turn-off";
import { openOutboxItems, openSealedWords, sealedDraftOf } from "@/client/lock/outbox";
import { sealSave, sealedSaveOf } from "@/client/lock/save";
import {
  OutboxPhotoTooLargeError,
  SEALED_FIELDS,
  addOutboxItem,
  clearWholeOutbox,
  listOutboxItems,
  markOutboxItem,
  removeSentOutboxItem,
  subscribeOutboxSent,
  type OutboxItem,
  type OutboxSent,
} from "@/client/outbox";
import { formOf, sealedFormOf, sendOutboxItems } from "@/client/outbox-send";
import type { Journal } from "@/lib/contract/answers";
import { SEALED_IMAGE_MAX_BYTES } from "@/lib/validation/lock-limits";
import { contains } from "./support/bytes";
import { fieldText } from "./support/form-data";
import { json, standInForFetch } from "./support/network";
import { pngFile } from "./support/pictures";

// A locked diary's page saved offline (docs/diary-lock.md, client/outbox.ts): sealed in the browser
// before the outbox keeps it, so the browser's IndexedDB holds no readable word or photo of it, and
// sent later as the very form an online save sends (client/outbox-send.ts), without the key. Real
// WebCrypto with a non-extractable key, Chromium's IndexedDB read raw, and its image codecs. No
// server: the form is what is checked, not the network.

const OWNER = "alice";
const DAY = "2026-03-18";
/** A word found nowhere but in what was typed. */
const MARKER = "Quokkamarmalade";
const key = itemKey(newDiarySecret());

const place = (field: Field, revision: number): Place => ({ owner: OWNER, day: DAY, field, revision });

const fields = (over: Partial<EntryFields> = {}): EntryFields => ({
  title: `  ${MARKER} at the lighthouse `,
  content: `The ferry left without me; ${MARKER} on the pier.\n`,
  visibility: "private",
  isAnonymous: false,
  imageDescription: `A gull eating ${MARKER}`,
  ...over,
});

/** The one value of a list that must hold exactly one. */
function only<T>(values: T[]): T {
  expect(values).toHaveLength(1);
  return values[0]!;
}

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

/** Everything the outbox's database holds, read raw (no idb, no client/outbox.ts): its strings and its files' bytes. */
async function rawOutbox(): Promise<{ records: unknown[]; strings: string[]; files: Uint8Array[] }> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open("inkwell-outbox");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const records = await new Promise<unknown[]>((resolve, reject) => {
    const request = db.transaction("items").objectStore("items").getAll();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  db.close();
  const strings: string[] = [];
  const files: Uint8Array[] = [];
  async function walk(value: unknown): Promise<void> {
    if (typeof value === "string") strings.push(value);
    else if (value instanceof Blob) files.push(await bytesOf(value));
    else if (value && typeof value === "object") for (const v of Object.values(value)) await walk(v);
  }
  await walk(records);
  return { records, strings, files };
}

/** What the outbox and the editor keep of a new private page: the page sealed, the item's readable fields as typed. */
async function queueSealed(req: SaveRequest, entry: Journal | null = null): Promise<OutboxItem> {
  const sealed = await sealSave({ owner: OWNER, key: await key, req, entry });
  return addOutboxItem({
    userId: OWNER,
    day: DAY,
    kind: req.kind,
    entryId: req.kind === "update" ? req.id : null,
    baseUpdatedAt: entry?.updatedAt ?? null,
    // Handed the readable words on purpose: the outbox must not keep them for a sealed item.
    fields: req.fields,
    photo: sealed.photo,
    removePhoto: false,
    sealed: sealed.fields,
  });
}

beforeEach(() => clearWholeOutbox());
afterEach(async () => {
  vi.unstubAllGlobals();
  await clearWholeOutbox();
});

test("a sealed page in the outbox: no readable word and no byte of its photo in IndexedDB", async () => {
  const photo = await pngFile(1200, 900);
  const original = await bytesOf(photo);
  const stored = await queueSealed({ kind: "create", day: DAY, fields: fields(), photo });

  expect(stored.fields).toEqual(SEALED_FIELDS);
  const { records, strings, files } = await rawOutbox();
  expect(records).toHaveLength(1);
  expect(strings.length).toBeGreaterThan(5);
  for (const value of strings) {
    expect(value).not.toContain(MARKER);
    expect(value).not.toContain("lighthouse");
  }
  const kept = only(files);
  const encoder = new TextEncoder();
  for (const words of [MARKER, "lighthouse", "RIFF", "WEBP"]) expect(contains(kept, encoder.encode(words))).toBe(false);
  // Neither the chosen file's pixels nor the photo as prepared for the page (WebP) are there.
  expect(contains(kept, original.subarray(100, 164))).toBe(false);
  const revision = Number(stored.sealed?.sealedRevision);
  const prepared = await openRaw(await key, place("photo", revision), kept);
  expect(new TextDecoder().decode(prepared.subarray(8, 12))).toBe("WEBP");
  expect(contains(kept, prepared.subarray(64, 128))).toBe(false);
});

test("the form sent later carries the sealed fields and photo, and nothing readable", async () => {
  const photo = await pngFile(800, 600);
  await queueSealed({ kind: "create", day: DAY, fields: fields(), photo });
  const item = only(await listOutboxItems(OWNER));
  const form = formOf(item);

  expect([...form.keys()].sort()).toEqual(
    [
      "journaldate",
      "sealedContent",
      "sealedImage",
      "sealedImageDescription",
      "sealedRevision",
      "sealedTitle",
      "visibility",
    ].sort(),
  );
  for (const name of ["title", "content", "imageDescription", "isAnonymous", "image", "unseal"])
    expect(form.has(name), name).toBe(false);
  expect(fieldText(form, "visibility")).toBe("private");
  expect(fieldText(form, "journaldate")).toBe(DAY);
  const revision = Number(fieldText(form, "sealedRevision"));
  expect(await openText(await key, place("title", revision), fieldText(form, "sealedTitle"))).toBe(
    `${MARKER} at the lighthouse`,
  );
  expect(await openText(await key, place("content", revision), fieldText(form, "sealedContent"))).toBe(
    `The ferry left without me; ${MARKER} on the pier.`,
  );
  expect(await openText(await key, place("photoAlt", revision), fieldText(form, "sealedImageDescription"))).toBe(
    `A gull eating ${MARKER}`,
  );
  const sealedImage = form.get("sealedImage");
  expect(sealedImage).toBeInstanceOf(Blob);
  const opened = await openRaw(await key, place("photo", revision), await bytesOf(sealedImage as Blob));
  const bitmap = await createImageBitmap(new Blob([opened as BlobPart], { type: "image/webp" }));
  expect({ width: bitmap.width, height: bitmap.height }).toEqual({ width: 800, height: 600 });
  bitmap.close();
});

test("an update waits with its revision and a removed photo, as the online form would say it", async () => {
  const entry = {
    id: "e1",
    updatedAt: "2026-03-18T08:00:00.000Z",
    locked: true,
    images: [],
    sealed: { revision: 2_000_000_000 },
  } as unknown as Journal;
  await queueSealed({ kind: "update", id: "e1", day: DAY, fields: fields(), photo: null, removePhoto: true }, entry);
  const item = only(await listOutboxItems(OWNER));
  expect(item).toMatchObject({ kind: "update", entryId: "e1", baseUpdatedAt: entry.updatedAt, photo: null });
  const form = formOf(item);
  expect(fieldText(form, "sealedRevision")).toBe("2000000001");
  expect(fieldText(form, "removeImage")).toBe("true");
  for (const name of ["journaldate", "sealedImage", "title", "content"]) expect(form.has(name), name).toBe(false);
});

test("a sealed request whose answer was lost waits as the very form that was sent", async () => {
  const photo = await pngFile(400, 300);
  const sealed = await sealSave({
    owner: OWNER,
    key: await key,
    req: { kind: "create", day: DAY, fields: fields(), photo },
    entry: null,
  });
  // What lockedSaveForm sent online, taken back as the outbox keeps it.
  const sent = sealedFormOf(sealed.fields, sealed.photo);
  const kept = sealedSaveOf(sent);
  expect(kept).not.toBeNull();
  await addOutboxItem({
    id: "lost-attempt",
    userId: OWNER,
    day: DAY,
    kind: "create",
    entryId: null,
    baseUpdatedAt: null,
    fields: SEALED_FIELDS,
    photo: kept!.photo,
    removePhoto: false,
    sealed: kept!.fields,
  });
  const item = only(await listOutboxItems(OWNER));
  const again = formOf(item);
  // The server hashes the form's fields by name, a file by its bytes (lib/idempotency): the same.
  const entries = async (form: FormData) =>
    Promise.all(
      [...form.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(async ([name, value]) => [name, typeof value === "string" ? value : [...(await bytesOf(value))]]),
    );
  expect(await entries(again)).toEqual(await entries(sent));
  // A readable form is no sealed save.
  const readable = new FormData();
  readable.set("title", "Hello");
  expect(sealedSaveOf(readable)).toBeNull();
});

test("a sealed page marked a conflict keeps no readable words, and its words become the sealed draft", async () => {
  const stored = await queueSealed({ kind: "create", day: DAY, fields: fields(), photo: null });
  await markOutboxItem(stored.id, "conflict", "This day already has an entry.");

  const { records, strings } = await rawOutbox();
  expect(records).toMatchObject([{ state: "conflict", fields: SEALED_FIELDS }]);
  for (const value of strings) expect(value).not.toContain(MARKER);

  // What the sender keeps as the day's draft: the words opened with this device's key, sealed again.
  const item = only(await listOutboxItems(OWNER));
  const draft = await sealedDraftOf(await key, item);
  expect(draft).not.toContain(MARKER);
  expect(await openDraft(await key, OWNER, DAY, draft!)).toEqual({
    title: `${MARKER} at the lighthouse`,
    content: `The ferry left without me; ${MARKER} on the pier.`,
    visibility: "private",
    isAnonymous: false,
  });
  // Without the right key nothing opens, and nothing empty takes the words' place.
  const otherKey = await itemKey(newDiarySecret());
  expect(await sealedDraftOf(otherKey, item)).toBeNull();
  expect(await openSealedWords(otherKey, item)).toBeNull();
});

test("the page opens its waiting items in memory; the worker's announcement carries them sealed", async () => {
  await addOutboxItem({
    userId: OWNER,
    day: "2026-03-17",
    kind: "create",
    entryId: null,
    baseUpdatedAt: null,
    fields: { ...fields(), title: "Readable", content: "A page of a diary without the lock." },
    photo: null,
    removePhoto: false,
  });
  const stored = await queueSealed({ kind: "create", day: DAY, fields: fields(), photo: null });

  const opened = await openOutboxItems(await key, await listOutboxItems(OWNER));
  expect(opened.map((i) => i.fields.title)).toEqual(["Readable", `${MARKER} at the lighthouse`]);
  expect(opened[1]!.fields).toMatchObject({ visibility: "private", imageDescription: `A gull eating ${MARKER}` });

  const heard = new Promise<OutboxSent>((resolve) => {
    const stop = subscribeOutboxSent((sent) => {
      stop();
      resolve(sent);
    });
  });
  await removeSentOutboxItem(stored, { id: "e1" });
  const sent = await heard;
  expect(sent.fields).toEqual(SEALED_FIELDS);
  expect(JSON.stringify(sent)).not.toContain(MARKER);
  expect((await openSealedWords(await key, sent))?.content).toBe(`The ferry left without me; ${MARKER} on the pier.`);
  expect(await listOutboxItems(OWNER)).toHaveLength(1);
});

test("a sealed photo is held to the sealed photo's limit", async () => {
  const item = {
    userId: OWNER,
    day: DAY,
    kind: "create" as const,
    entryId: null,
    baseUpdatedAt: null,
    fields: SEALED_FIELDS,
    removePhoto: false,
    sealed: { sealedTitle: "ik1.x", sealedContent: "ik1.y", sealedRevision: "1", visibility: "private" },
  };
  await expect(
    addOutboxItem({ ...item, photo: new Blob([new Uint8Array(SEALED_IMAGE_MAX_BYTES + 1)]) }),
  ).rejects.toBeInstanceOf(OutboxPhotoTooLargeError);
  await expect(
    addOutboxItem({ ...item, photo: new Blob([new Uint8Array(SEALED_IMAGE_MAX_BYTES)]) }),
  ).resolves.toMatchObject({ state: "waiting" });
});

test("offline, a locked page's changed gallery waits sealed, is uploaded sealed then named, and opens readable when the lock is turned off", async () => {
  const queryClient = new QueryClient();
  queryClient.setQueryData(lockStateQuery().queryKey, { locked: true, turningOff: false } as never);
  queryClient.setQueryData(deviceKeyQuery(OWNER).queryKey, await key);
  // A locked page whose one photo was sealed at revision 5; the writer adds a second, offline.
  const entry = {
    id: "e1",
    updatedAt: "2026-03-18T08:00:00.000Z",
    locked: true,
    images: [],
    photos: [],
    sealed: {
      revision: 2_000_000_000,
      photos: [{ id: "0123456789ab", image: "https://inkwell.test/sealed/photo", description: null, revision: 5 }],
    },
  } as unknown as Journal;
  const req: SaveRequest = {
    kind: "update",
    id: "e1",
    day: DAY,
    fields: fields(),
    photo: null,
    removePhoto: false,
    photos: [
      { id: "0123456789ab", file: null, description: `The cover, ${MARKER}` },
      { id: null, file: await pngFile(300, 200), description: `A second, ${MARKER}` },
    ],
  };
  const sealed = (await offlineSealing({ queryClient, owner: OWNER, req, entry }))!;
  /** The save kept as the editor keeps it (components/diary/use-day-editor.ts's queue). */
  const queue = () =>
    addOutboxItem({
      userId: OWNER,
      day: DAY,
      kind: "update",
      entryId: "e1",
      baseUpdatedAt: entry.updatedAt,
      fields: req.fields,
      photo: sealed.photo,
      removePhoto: false,
      photos: sealed.photos,
      sealed: sealed.fields,
    });
  await queue();

  // Nothing readable kept: no word, no description, no byte of the new photo as prepared.
  const { strings, files } = await rawOutbox();
  for (const value of strings) expect(value).not.toContain(MARKER);
  const kept = only(files);
  expect(contains(kept, new TextEncoder().encode("WEBP"))).toBe(false);
  const revision = 2_000_000_001;
  expect(sealed.fields.sealedRevision).toBe(String(revision));
  expect(sealed.fields).not.toHaveProperty("sealedImageDescription");

  // Sent later, without the key: the new photo uploaded sealed for the page's revision, then named
  // with the kept one in `sealedPhotos`, each description sealed for its place.
  const sent: { path: string; form: FormData }[] = [];
  standInForFetch((url, init) => {
    sent.push({ path: url, form: init!.body as FormData });
    return url === "/api/upload/entry-photo" ? json({ id: "upload-1" }, 201) : json({ journal: { id: "e1" } });
  });
  const { results, stopped } = await sendOutboxItems({ items: await listOutboxItems(OWNER) });
  expect([stopped, results.map((r) => r.outcome)]).toEqual([null, ["sent"]]);
  expect(sent.map((s) => s.path)).toEqual(["/api/upload/entry-photo", "/api/journals/e1"]);
  const [upload, save] = sent.map((s) => s.form) as [FormData, FormData];
  expect([...upload.keys()].sort()).toEqual(["sealedImage", "sealedRevision"]);
  expect(fieldText(upload, "sealedRevision")).toBe(String(revision));
  const opened = await openRaw(await key, place("photo", revision), await bytesOf(upload.get("sealedImage") as Blob));
  expect(new TextDecoder().decode(opened.subarray(8, 12))).toBe("WEBP");
  expect([...new Set(save.keys())].sort()).toEqual(
    ["sealedContent", "sealedPhotos", "sealedRevision", "sealedTitle", "visibility"].sort(),
  );
  const named = JSON.parse(fieldText(save, "sealedPhotos")) as {
    photo?: string;
    upload?: string;
    description: string;
  }[];
  expect(named.map(({ photo, upload: id }) => photo ?? id)).toEqual(["0123456789ab", "upload-1"]);
  // The cover's description for the page's revision; the new photo's for its own, the page's too.
  expect(await openText(await key, place("photoAlt", revision), named[0]!.description)).toBe(`The cover, ${MARKER}`);
  expect(await openText(await key, place("photoAlt", revision), named[1]!.description)).toBe(`A second, ${MARKER}`);
  for (const value of [...save.values()]) if (typeof value === "string") expect(value).not.toContain(MARKER);

  // Waiting while the lock is turned off: it waits again readable, the new photo and the descriptions opened.
  await queue();
  await openDeviceWords(OWNER, await key);
  const readable = only(await listOutboxItems(OWNER));
  expect(readable.sealed).toBeUndefined();
  expect(readable.fields).toMatchObject({
    title: `${MARKER} at the lighthouse`,
    imageDescription: `The cover, ${MARKER}`,
  });
  expect(readable.photos!.map(({ photo, description }) => [photo, description])).toEqual([
    ["0123456789ab", `The cover, ${MARKER}`],
    [null, `A second, ${MARKER}`],
  ]);
  expect(await bytesOf(readable.photos![1]!.blob!)).toEqual(opened);
});
