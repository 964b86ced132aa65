import { QueryClient } from "@tanstack/react-query";
import { afterEach, expect, test, vi } from "vitest";
import { ApiError } from "@/client/api-error";
import { entryForm, type EntryFields, type SaveRequest } from "@/client/journals";
import { itemKey, newDiarySecret, openRaw, openText, type Field, type Place } from "@/client/lock/crypto";
import { LOCKED_PHOTO_UNREADABLE_MESSAGE } from "@/client/lock/photo";
import { LOCKED_PHOTOS_OFFLINE_MESSAGE, offlineSealing } from "@/client/lock/editor";
import { lockedSaveForm } from "@/client/lock/save";
import { lockStateQuery } from "@/client/lock/state";
import { nextRevision } from "@/client/lock/pages";
import type { Journal } from "@/lib/contract/answers";
import { blobUrls } from "./support/blob-urls";
import { fieldText } from "./support/form-data";
import { json, standInForFetch } from "./support/network";
import { pngFile } from "./support/pictures";

// The multipart form the diary editor sends for a page of a locked diary (client/lock/save.ts,
// docs/diary-lock.md): a private page sealed here, its photo prepared and sealed here too; a locked
// page shared again sent readable with the revision it replaces. Real WebCrypto, Chromium's own
// image decoder and encoder, and `blob:` URLs standing in for the photo URLs the editor holds.
// No component: it runs here because Node has no createImageBitmap or canvas.

const OWNER = "alice";
const DAY = "2026-03-18";
const key = itemKey(newDiarySecret());

/** The blob: URLs a test made, revoked after it. */
const urlOf = blobUrls(afterEach);
const blobUrl = (bytes: Uint8Array, type = "image/webp") => urlOf(new Blob([bytes as BlobPart], { type }));

const place = (field: Field, revision: number): Place => ({ owner: OWNER, day: DAY, field, revision });

const fields = (overrides: Partial<EntryFields> = {}): EntryFields => ({
  title: "  Lighthouse at dawn  ",
  content: "\n The ferry left without me; I kept the ticket anyway. \n",
  visibility: "private",
  isAnonymous: false,
  imageDescription: "  A gull on the harbour wall  ",
  ...overrides,
});

const TYPED = [
  "Lighthouse at dawn",
  "Lighthouse",
  "ferry left without me",
  "ticket",
  "A gull on the harbour wall",
  "gull",
];

const create = (overrides: Partial<EntryFields> = {}, photo: File | null = null): SaveRequest => ({
  kind: "create",
  day: DAY,
  fields: fields(overrides),
  photo,
});

const update = (
  overrides: Partial<EntryFields> = {},
  { photo = null, removePhoto = false }: { photo?: File | null; removePhoto?: boolean } = {},
): SaveRequest => ({ kind: "update", id: "e1", day: DAY, fields: fields(overrides), photo, removePhoto });

/** The page as this device opened it: readable unless `sealed` is given. */
function journal({
  sealed = null,
  images = [],
  visibility = "private",
}: {
  sealed?: { revision: number; imageRevision: number | null } | null;
  images?: string[];
  visibility?: Journal["visibility"];
} = {}): Journal {
  return {
    _id: "e1",
    id: "e1",
    title: "Yesterday's title",
    content: "Yesterday's words",
    visibility,
    isAnonymous: false,
    journaldate: DAY,
    images,
    imageDescription: null,
    photos: [],
    mood: null,
    activities: [],
    likesCount: 0,
    readsCount: 0,
    createdAt: "2026-03-18T08:00:00.000Z",
    updatedAt: "2026-03-18T08:00:00.000Z",
    locked: sealed !== null,
    sealed: sealed && {
      v: 1,
      revision: sealed.revision,
      title: "ik1.sealed-title",
      content: "ik1.sealed-content",
      imageDescription: null,
      imageRevision: sealed.imageRevision,
      image: sealed.imageRevision ? "https://inkwell.test/sealed/photo" : null,
      photos: sealed.imageRevision
        ? [
            {
              id: "0123456789ab",
              image: "https://inkwell.test/sealed/photo",
              description: null,
              revision: sealed.imageRevision,
            },
          ]
        : [],
    },
  };
}

const bytesOf = async (value: FormDataEntryValue | null) => {
  expect(value).toBeInstanceOf(Blob);
  return new Uint8Array(await (value as Blob).arrayBuffer());
};

/** A stored revision above the clock's (the seconds since 2020), so the next one is this plus one. */
const STORED = 2_000_000_000;

const randomBytes = (length: number) => crypto.getRandomValues(new Uint8Array(length));

/**
 * The revision a save chose (client/lock/pages.ts's nextRevision): for a page never sealed, the
 * seconds since 2020 at the moment of the save, between what it was just before and just after.
 */
async function sealedAtNow(save: () => Promise<FormData>): Promise<{ form: FormData; revision: number }> {
  const before = nextRevision(null);
  const form = await save();
  const revision = Number(fieldText(form, "sealedRevision"));
  expect(revision).toBeGreaterThanOrEqual(before);
  expect(revision).toBeLessThanOrEqual(nextRevision(null));
  return { form, revision };
}

test("a new private page is sealed: no readable words anywhere in the form, each field opening at its place", async () => {
  const { form, revision } = await sealedAtNow(async () =>
    lockedSaveForm({ owner: OWNER, key: await key, req: create(), entry: null }),
  );

  expect([...form.keys()].sort()).toEqual(
    ["journaldate", "sealedContent", "sealedImageDescription", "sealedRevision", "sealedTitle", "visibility"].sort(),
  );
  expect(fieldText(form, "visibility")).toBe("private");
  expect(fieldText(form, "journaldate")).toBe(DAY);
  for (const name of ["title", "content", "imageDescription", "isAnonymous", "image", "sealedImage", "unseal"])
    expect(form.has(name), name).toBe(false);
  for (const [name, value] of form.entries()) {
    expect(typeof value, name).toBe("string");
    for (const words of TYPED) expect(value as string, name).not.toContain(words);
  }

  expect(await openText(await key, place("title", revision), fieldText(form, "sealedTitle"))).toBe(
    "Lighthouse at dawn",
  );
  expect(await openText(await key, place("content", revision), fieldText(form, "sealedContent"))).toBe(
    "The ferry left without me; I kept the ticket anyway.",
  );
  expect(await openText(await key, place("photoAlt", revision), fieldText(form, "sealedImageDescription"))).toBe(
    "A gull on the harbour wall",
  );
  // Sealed for its own field: the title's item does not open as the content.
  await expect(openText(await key, place("content", revision), fieldText(form, "sealedTitle"))).rejects.toThrow();
});

test("a blank photo description is not sent at all", async () => {
  const form = await lockedSaveForm({
    owner: OWNER,
    key: await key,
    req: create({ imageDescription: "   " }),
    entry: null,
  });
  expect(form.has("sealedImageDescription")).toBe(false);
  expect(form.has("imageDescription")).toBe(false);
});

test("an update of a locked page is sealed at the next revision and leaves its sealed photo alone", async () => {
  const entry = journal({ sealed: { revision: STORED, imageRevision: 2 } });
  const form = await lockedSaveForm({ owner: OWNER, key: await key, req: update(), entry });

  expect(fieldText(form, "sealedRevision")).toBe(String(STORED + 1));
  expect(fieldText(form, "visibility")).toBe("private");
  for (const name of ["journaldate", "title", "content", "imageDescription", "image", "sealedImage", "removeImage"])
    expect(form.has(name), name).toBe(false);
  expect(await openText(await key, place("title", STORED + 1), fieldText(form, "sealedTitle"))).toBe(
    "Lighthouse at dawn",
  );
  // Not at the stored revision: a server sending this back as revision 4 is refused.
  await expect(openText(await key, place("title", STORED), fieldText(form, "sealedTitle"))).rejects.toThrow();

  const removed = await lockedSaveForm({
    owner: OWNER,
    key: await key,
    req: update({}, { removePhoto: true }),
    entry,
  });
  expect(fieldText(removed, "removeImage")).toBe("true");
  expect(fieldText(removed, "sealedRevision")).toBe(String(STORED + 1));
  expect(removed.has("sealedImage")).toBe(false);
  expect(removed.has("image")).toBe(false);
});

test("a new photo is resized to WebP here and sealed for the new revision", async () => {
  const entry = journal({ sealed: { revision: STORED, imageRevision: 2 } });
  const photo = await pngFile(2000, 1000);
  const form = await lockedSaveForm({ owner: OWNER, key: await key, req: update({}, { photo }), entry });

  expect(form.has("image")).toBe(false);
  expect(form.has("removeImage")).toBe(false);
  const sealedImage = form.get("sealedImage");
  expect(sealedImage).toBeInstanceOf(Blob);
  expect((sealedImage as Blob).type).toBe("application/octet-stream");

  const sealed = await bytesOf(sealedImage);
  const opened = await openRaw(await key, place("photo", STORED + 1), sealed);
  const ascii = (from: number, to: number) => new TextDecoder().decode(opened.subarray(from, to));
  expect([ascii(0, 4), ascii(8, 12)]).toEqual(["RIFF", "WEBP"]);
  const bitmap = await createImageBitmap(new Blob([opened as BlobPart], { type: "image/webp" }));
  expect({ width: bitmap.width, height: bitmap.height }).toEqual({ width: 1600, height: 800 });
  bitmap.close();
  await expect(openRaw(await key, place("photo", STORED), sealed)).rejects.toThrow();
});

test("a readable private page locked now has its stored photo sealed as it is", async () => {
  const stored = randomBytes(3000);
  const entry = journal({ images: [blobUrl(stored)] });
  const { form, revision } = await sealedAtNow(async () =>
    lockedSaveForm({ owner: OWNER, key: await key, req: update(), entry }),
  );

  expect(form.has("image")).toBe(false);
  expect(form.has("removeImage")).toBe(false);
  const sealed = await bytesOf(form.get("sealedImage"));
  expect(await openRaw(await key, place("photo", revision), sealed)).toEqual(stored);
});

test("a readable page's photo that cannot be fetched is an error, not a page sealed without it", async () => {
  const url = blobUrl(randomBytes(100));
  URL.revokeObjectURL(url);
  const error: unknown = await lockedSaveForm({
    owner: OWNER,
    key: await key,
    req: update(),
    entry: journal({ images: [url] }),
  }).catch((err: unknown) => err);
  expect(error).toBeInstanceOf(ApiError);
  // Not 0, which the editor would take for "offline" (components/diary/use-day-editor.ts).
  expect((error as ApiError).status).toBe(422);
  expect((error as ApiError).message).toMatch(/photo/);
});

test("a locked page shared with the circle is sent readable, with the revision it replaces and its opened photo", async () => {
  const opened = randomBytes(2500);
  const entry = journal({ sealed: { revision: 3, imageRevision: 3 }, images: [blobUrl(opened)] });
  const shared = { visibility: "close-circle" as const };
  const form = await lockedSaveForm({ owner: OWNER, key: await key, req: update(shared), entry });

  expect(fieldText(form, "title")).toBe("Lighthouse at dawn");
  expect(fieldText(form, "content")).toBe("The ferry left without me; I kept the ticket anyway.");
  expect(fieldText(form, "imageDescription")).toBe("A gull on the harbour wall");
  expect(fieldText(form, "visibility")).toBe("close-circle");
  expect(fieldText(form, "unseal")).toBe("3");
  for (const name of ["sealedTitle", "sealedContent", "sealedImageDescription", "sealedRevision", "sealedImage"])
    expect(form.has(name), name).toBe(false);
  expect(form.get("image")).toBeInstanceOf(File);
  expect(await bytesOf(form.get("image"))).toEqual(opened);
  expect(form.has("removeImage")).toBe(false);

  const removed = await lockedSaveForm({
    owner: OWNER,
    key: await key,
    req: update(shared, { removePhoto: true }),
    entry,
  });
  expect(fieldText(removed, "unseal")).toBe("3");
  expect(fieldText(removed, "removeImage")).toBe("true");
  expect(removed.has("image")).toBe(false);
});

test("a shared page that was never locked stays the plain readable form", async () => {
  const req = update({ visibility: "close-circle", isAnonymous: true });
  const entry = journal({ visibility: "close-circle", images: ["https://inkwell.test/photo.webp"] });
  const form = await lockedSaveForm({ owner: OWNER, key: await key, req, entry });

  expect([...form.entries()]).toEqual([...entryForm(req).entries()]);
  expect(fieldText(form, "isAnonymous")).toBe("true");
  for (const name of ["unseal", "sealedTitle", "sealedContent", "sealedRevision", "sealedImage", "image"])
    expect(form.has(name), name).toBe(false);
});

test("a photo this browser cannot decode is a 400 with the words the photo field shows", async () => {
  const photo = new File([randomBytes(4096)], "photo.jpg", { type: "image/jpeg" });
  const error: unknown = await lockedSaveForm({
    owner: OWNER,
    key: await key,
    req: create({}, photo),
    entry: null,
  }).catch((err: unknown) => err);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(400);
  expect((error as ApiError).message).toBe(LOCKED_PHOTO_UNREADABLE_MESSAGE);
});

test("a page of several photos is sealed photo by photo: each new one uploaded sealed for the save's revision, a kept one named, each description sealed for its place (docs/decisions/139)", async () => {
  const uploads: FormData[] = [];
  standInForFetch((url, init) => {
    if (!url.endsWith("/api/upload/entry-photo") || init?.method !== "POST") return undefined;
    uploads.push(init.body as FormData);
    return json(
      { id: `0b6c2c1e-5555-4a4a-8b8b-00000000000${uploads.length}`, expiresAt: "2026-03-18T20:00:00.000Z" },
      201,
    );
  });
  try {
    const entry = journal({ sealed: { revision: 3, imageRevision: 2 }, images: [blobUrl(new Uint8Array([1, 2, 3]))] });
    const opened = { ...entry, photos: [{ id: "0123456789ab", description: "A gull on the harbour wall" }] };
    const req = {
      ...update(),
      photos: [
        { id: null, file: await pngFile(40, 30), description: "The new cover" },
        { id: "0123456789ab", file: null, description: "  A gull on the harbour wall  " },
      ],
    };
    const form = await lockedSaveForm({ owner: OWNER, key: await key, req, entry: opened });
    const revision = Number(fieldText(form, "sealedRevision"));
    expect(revision).toBeGreaterThan(3);
    for (const name of [
      "sealedImage",
      "sealedImageDescription",
      "image",
      "photos",
      "title",
      "content",
      "imageDescription",
    ])
      expect(form.has(name), name).toBe(false);
    for (const word of TYPED) expect([...form.values()].join(" ")).not.toContain(word);

    const list = JSON.parse(fieldText(form, "sealedPhotos")) as {
      upload?: string;
      photo?: string;
      description: string;
    }[];
    expect(list.map((p) => p.upload ?? p.photo)).toEqual(["0b6c2c1e-5555-4a4a-8b8b-000000000001", "0123456789ab"]);
    // The cover's description for the page's revision; the kept photo's for its own (2).
    expect(await openText(await key, place("photoAlt", revision), list[0]!.description)).toBe("The new cover");
    expect(await openText(await key, place("photoAlt", 2), list[1]!.description)).toBe("A gull on the harbour wall");
    // The one upload: the new photo, sealed for the save's revision.
    expect(uploads).toHaveLength(1);
    expect(fieldText(uploads[0]!, "sealedRevision")).toBe(String(revision));
    const sealed = new Uint8Array(await (uploads[0]!.get("sealedImage") as Blob).arrayBuffer());
    const photo = await openRaw(await key, place("photo", revision), sealed);
    expect((await createImageBitmap(new Blob([photo as BlobPart]))).width).toBe(40);
  } finally {
    vi.unstubAllGlobals();
  }
});

test("a locked page of several photos shared again sends each, opened here, readable in one list with the revision it replaces", async () => {
  const uploads: FormData[] = [];
  standInForFetch((url, init) => {
    if (!url.endsWith("/api/upload/entry-photo") || init?.method !== "POST") return undefined;
    uploads.push(init.body as FormData);
    return json(
      { id: `0b6c2c1e-6666-4a4a-8b8b-00000000000${uploads.length}`, expiresAt: "2026-03-18T20:00:00.000Z" },
      201,
    );
  });
  try {
    const entry = journal({
      sealed: { revision: 3, imageRevision: 3 },
      images: [blobUrl(new Uint8Array([1, 2, 3])), blobUrl(new Uint8Array([4, 5, 6]))],
    });
    const opened = {
      ...entry,
      photos: [
        { id: "0123456789ab", description: "A gull" },
        { id: "ba9876543210", description: "The ferry" },
      ],
    };
    // The gallery unchanged: the page's two photos, the cover with the description typed for it.
    const form = await lockedSaveForm({
      owner: OWNER,
      key: await key,
      req: update({ visibility: "close-circle", imageDescription: "A gull, again" }),
      entry: opened,
    });
    expect(fieldText(form, "unseal")).toBe("3");
    expect(JSON.parse(fieldText(form, "photos"))).toEqual([
      { upload: "0b6c2c1e-6666-4a4a-8b8b-000000000001", description: "A gull, again" },
      { upload: "0b6c2c1e-6666-4a4a-8b8b-000000000002", description: "The ferry" },
    ]);
    expect(
      await Promise.all(uploads.map(async (u) => [...new Uint8Array(await (u.get("image") as Blob).arrayBuffer())])),
    ).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    for (const name of ["image", "imageDescription", "sealedPhotos", "sealedTitle"])
      expect(form.has(name), name).toBe(false);
  } finally {
    vi.unstubAllGlobals();
  }
});

test("offline, a gallery that keeps a photo stored before the lock is not kept: that photo is read from the server to be sealed, online (docs/decisions/139)", async () => {
  const queryClient = new QueryClient();
  queryClient.setQueryData(lockStateQuery().queryKey, { locked: true, turningOff: false } as never);
  // A readable private page (written before the lock, not sealed yet) with its photo, and a second added.
  const entry = {
    ...journal({ images: ["https://inkwell.test/photo"] }),
    photos: [{ id: "aaaaaaaaaaaa", description: null }],
  };
  const req = {
    ...update(),
    photos: [
      { id: "aaaaaaaaaaaa", file: null, description: "" },
      { id: null, file: await pngFile(40, 30), description: "" },
    ],
  };
  const error: unknown = await offlineSealing({ queryClient, owner: OWNER, req, entry }).catch((err: unknown) => err);
  expect(error).toBeInstanceOf(ApiError);
  expect([(error as ApiError).status, (error as ApiError).message]).toEqual([0, LOCKED_PHOTOS_OFFLINE_MESSAGE]);
});
