import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { befriend, connect, DEFAULT_PASSWORD, type FactoryDb } from "../../scripts/seed/factories";
import { journals, photoUploads } from "../../lib/db/schema";
import { openRaw, openText, sealRaw, sealText, type Place } from "../../client/lock/crypto";
import { sealExistingPages } from "../../client/lock/migrate";
import { openLockedPages } from "../../client/lock/turn-off";
import {
  PHOTO_NOT_ON_PAGE_MESSAGE,
  PHOTO_UPLOAD_GONE_MESSAGE,
  SEVERAL_PHOTOS_LOCKED_MESSAGE,
} from "../../lib/journals/photo-upload-limits";
import { TOO_MANY_PHOTOS_MESSAGE } from "../../lib/validation/journal-limits";
import {
  SEALED_FIELD_MESSAGE,
  SEALED_WITH_TEXT_MESSAGE,
  SEALED_PHOTO_AHEAD_MESSAGE,
  SEALED_PHOTO_MESSAGE,
  SEALED_PHOTOS_MESSAGE,
  SEALED_PHOTOS_ONE_WAY_MESSAGE,
  UNSEAL_PHOTO_MESSAGE,
} from "../../lib/validation/lock-limits";
import { testEnv } from "../support/env";
import { expectLogClean, person } from "../support/friends";
import { api } from "../support/http";
import { device, lockedDiary, sealedFields, type Diary } from "../support/lock";
import {
  entryFields,
  expectError,
  imageBlob,
  imagePath,
  postJournal,
  putJournal,
  send,
  smallPng,
  toForm,
  unsignedImagePath,
  uploadPath,
  utcDay,
} from "../support/journals";

// A locked page with several photos (docs/decisions/139): each sealed in the browser and uploaded
// first, then named by the page's sealed save (`sealedPhotos`); kept, reordered and dropped by a
// later save, each at the revision it was sealed for; served to its writer alone; never kept by a
// page made readable. The sealing is client/lock/crypto.ts's, as the app's.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

type SealedPhoto = { id: string; image: string; description: string | null; revision: number };
type Page = {
  id: string;
  images: string[];
  photos: unknown[];
  locked: boolean;
  sealed: {
    revision: number;
    image: string | null;
    imageRevision: number | null;
    imageDescription: string | null;
    photos: SealedPhoto[];
  };
};

const blob = (bytes: Uint8Array) => new Blob([bytes as BlobPart], { type: "application/octet-stream" });
const photoPlace = (d: Diary, day: string, revision: number): Place => ({
  owner: d.me.user.id,
  day,
  field: "photo",
  revision,
});
const altOf = (d: Diary, day: string, revision: number, words: string) =>
  sealText(d.key, { owner: d.me.user.id, day, field: "photoAlt", revision }, words);

/** Seals a photo of `colour` for the page of `day` at `revision` and uploads it: its id and the bytes sent. */
async function sealedUpload(d: Diary, day: string, revision: number, colour: string) {
  const png = await smallPng(colour);
  const bytes = await sealRaw(d.key, photoPlace(d, day, revision), png);
  const res = await send<{ id: string }>("/api/upload/entry-photo", {
    method: "POST",
    token: d.me.token,
    form: toForm({ sealedImage: blob(bytes), sealedRevision: String(revision) }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id, bytes, png };
}

async function readableUpload(token: string, colour = "#ff00ff") {
  const res = await send<{ id: string }>("/api/upload/entry-photo", {
    method: "POST",
    token,
    form: toForm({ image: imageBlob(await smallPng(colour), "image/png") }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

async function served(url: string) {
  const res = await fetch(new URL(imagePath(url), testEnv.baseUrl));
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/octet-stream");
  return new Uint8Array(await res.arrayBuffer());
}

async function stored(id: string) {
  const [row] = await db.select().from(journals).where(eq(journals.id, id));
  return row!;
}

describe("a locked page's several photos", () => {
  it("are sealed, uploaded and saved as one list, each opening for its place, served to the writer alone", async () => {
    const d = await lockedDiary(await person(db));
    const day = utcDay(-3);
    const [red, green, blue] = [
      await sealedUpload(d, day, 1, "#ff0000"),
      await sealedUpload(d, day, 1, "#00ff00"),
      await sealedUpload(d, day, 1, "#0000ff"),
    ];
    const [redAlt, blueAlt] = [await altOf(d, day, 1, "Red kite"), await altOf(d, day, 1, "Blue door")];
    const res = await postJournal(d.me.token, {
      ...(await sealedFields(d, day, 1, "Three photos", "Words")),
      sealedPhotos: JSON.stringify([
        { upload: red.id, description: redAlt },
        { upload: green.id },
        { upload: blue.id, description: blueAlt },
      ]),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const page = res.body as unknown as Page;
    // A reader without the key shows no photo: every URL is in `sealed`.
    expect([page.images, page.photos, page.locked]).toEqual([[], [], true]);
    expect(page.sealed.photos.map((p) => [p.description, p.revision])).toEqual([
      [redAlt, 1],
      [null, 1],
      [blueAlt, 1],
    ]);
    expect(page.sealed).toMatchObject({
      image: page.sealed.photos[0]!.image,
      imageRevision: 1,
      imageDescription: redAlt,
    });
    for (const [i, upload] of [red, green, blue].entries()) {
      const bytes = await served(page.sealed.photos[i]!.image);
      expect(Buffer.compare(Buffer.from(bytes), Buffer.from(upload.bytes))).toBe(0);
      expect(Buffer.from(await openRaw(d.key, photoPlace(d, day, 1), bytes)).equals(upload.png)).toBe(true);
    }
    const row = await stored(page.id);
    expect(row.imageDescription).toBeNull();
    expect(row.morePhotos).toEqual([
      { key: expect.stringMatching(/\.sealed$/), description: null, revision: 1 },
      { key: expect.stringMatching(/\.sealed$/), description: blueAlt, revision: 1 },
    ]);
    expect(await db.select().from(photoUploads).where(eq(photoUploads.userId, d.me.user.id))).toEqual([]);

    // Nobody else gets a photo by its URL without the signature: a friend, a stranger, no token.
    const friend = await person(db);
    await befriend(db, d.me.user.id, friend.user.id);
    const stranger = await person(db);
    for (const p of page.sealed.photos) {
      for (const token of [friend.token, stranger.token])
        expect((await api(unsignedImagePath(p.image), { token })).status).toBe(404);
      expect([401, 404]).toContain((await api(unsignedImagePath(p.image))).status);
    }
  });

  it("are kept, reordered and dropped by a later save, each at the revision it was sealed for, and the earlier version keeps them", async () => {
    const d = await lockedDiary(await person(db));
    const day = utcDay(-4);
    const [red, green] = [await sealedUpload(d, day, 1, "#ff0000"), await sealedUpload(d, day, 1, "#00ff00")];
    const greenAlt = await altOf(d, day, 1, "Green field");
    const first = await postJournal(d.me.token, {
      ...(await sealedFields(d, day, 1, "Two", "Words")),
      sealedPhotos: JSON.stringify([{ upload: red.id }, { upload: green.id, description: greenAlt }]),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const page = first.body as unknown as Page;
    const [redId, greenId] = page.sealed.photos.map((p) => p.id);

    // Revision 2: green first (its own description kept), a new yellow one, red dropped.
    const yellow = await sealedUpload(d, day, 2, "#ffff00");
    const { journaldate: _day, ...again } = await sealedFields(d, day, 2, "Two", "More words");
    void _day;
    const second = await putJournal(d.me.token, page.id, {
      ...again,
      sealedPhotos: JSON.stringify([{ photo: greenId }, { upload: yellow.id }]),
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const saved = second.body.journal as unknown as Page;
    expect(saved.sealed.photos.map((p) => [p.id, p.description, p.revision])).toEqual([
      [greenId, greenAlt, 1],
      [expect.any(String), null, 2],
    ]);
    expect(saved.sealed).toMatchObject({ revision: 2, imageRevision: 1, imageDescription: greenAlt });
    // Each still opens for the revision it was sealed for.
    const greenBytes = await served(saved.sealed.photos[0]!.image);
    expect(Buffer.from(await openRaw(d.key, photoPlace(d, day, 1), greenBytes)).equals(green.png)).toBe(true);
    const yellowBytes = await served(saved.sealed.photos[1]!.image);
    expect(Buffer.from(await openRaw(d.key, photoPlace(d, day, 2), yellowBytes)).equals(yellow.png)).toBe(true);

    // Saved by a client that knows one photo (sealedImageDescription alone): the others stay.
    const coverAlt = await altOf(d, day, 3, "Green field, again");
    const { journaldate: _d3, ...third } = await sealedFields(d, day, 3, "Two", "Words again");
    void _d3;
    const oneWay = await putJournal(d.me.token, page.id, { ...third, sealedImageDescription: coverAlt });
    expect(oneWay.status, JSON.stringify(oneWay.body)).toBe(200);
    expect(
      (oneWay.body.journal as unknown as Page).sealed.photos.map((p) => [p.id, p.description, p.revision]),
    ).toEqual([
      [greenId, coverAlt, 1],
      [saved.sealed.photos[1]!.id, null, 2],
    ]);

    // "" clears a description.
    const { journaldate: _d4, ...fourth } = await sealedFields(d, day, 4, "Two", "Words, fourth");
    void _d4;
    const cleared = await putJournal(d.me.token, page.id, {
      ...fourth,
      sealedPhotos: JSON.stringify([{ photo: greenId, description: "" }]),
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect((cleared.body.journal as unknown as Page).sealed).toMatchObject({
      imageDescription: null,
      photos: [{ id: greenId, description: null }],
    });

    // The first version keeps red and green as they were, and red's file with it.
    const versions = await api<{ versions: Page[] }>(`/api/journals/${page.id}/versions`, { token: d.me.token });
    const oldest = versions.body.versions.at(-1)!;
    expect(oldest.sealed.photos.map((p) => [p.id, p.revision])).toEqual([
      [redId, 1],
      [greenId, 1],
    ]);
    const redBytes = await served(oldest.sealed.photos[0]!.image);
    expect(Buffer.from(await openRaw(d.key, photoPlace(d, day, 1), redBytes)).equals(red.png)).toBe(true);
  });

  it("refuses a readable photo, a photo sealed ahead of the page, both ways at once and a bad list, and changes nothing", async () => {
    const d = await lockedDiary(await person(db));
    const day = utcDay(-5);
    const fields = await sealedFields(d, day, 2, "Refused", "Words");
    const readable = await readableUpload(d.me.token);
    const ahead = await sealedUpload(d, day, 3, "#123456");
    const fine = await sealedUpload(d, day, 2, "#654321");
    const other = await person(db);
    const theirs = await sealedUpload(await lockedDiary(other), day, 1, "#abcdef");
    const list = (...entries: object[]) => JSON.stringify(entries);
    const cases: [Record<string, string | Blob>, string, string?][] = [
      [{ sealedPhotos: list({ upload: fine.id }, { upload: readable }) }, SEALED_PHOTO_MESSAGE, "sealedPhotos.1"],
      [{ sealedPhotos: list({ upload: ahead.id }) }, SEALED_PHOTO_AHEAD_MESSAGE, "sealedPhotos.0"],
      [{ sealedPhotos: list({ upload: theirs.id }) }, PHOTO_UPLOAD_GONE_MESSAGE, "sealedPhotos.0"],
      [{ sealedPhotos: list({ photo: "0123456789ab" }) }, PHOTO_NOT_ON_PAGE_MESSAGE, "sealedPhotos.0"],
      [{ sealedPhotos: list({ upload: fine.id }), sealedImage: blob(fine.bytes) }, SEALED_PHOTOS_ONE_WAY_MESSAGE],
      [{ sealedPhotos: "[{" }, SEALED_PHOTOS_MESSAGE],
      [
        { sealedPhotos: list({ upload: fine.id, description: "A readable description" }) },
        SEALED_FIELD_MESSAGE,
        "sealedPhotos.0.description",
      ],
      [
        { sealedPhotos: list(...Array.from({ length: 7 }, () => ({ upload: crypto.randomUUID() }))) },
        TOO_MANY_PHOTOS_MESSAGE,
      ],
    ];
    for (const [extra, message, path] of cases) {
      const res = await postJournal(d.me.token, { ...fields, ...extra });
      expectError(res, 400, message);
      if (path) expect(res.body).toMatchObject({ errors: [{ path, message }] });
    }
    // A readable save names no sealed list: its words would be readable beside sealed fields.
    expectError(
      await postJournal(d.me.token, entryFields({ journaldate: day, sealedPhotos: list({ upload: fine.id }) })),
      400,
      SEALED_WITH_TEXT_MESSAGE,
    );
    expect(await db.select().from(journals).where(eq(journals.authorId, d.me.user.id))).toEqual([]);
    // Every upload still waits for a save that may take it.
    const waiting = await db.select().from(photoUploads).where(eq(photoUploads.userId, d.me.user.id));
    expect(waiting.map((u) => u.id).sort()).toEqual([readable, ahead.id, fine.id].sort());
    for (const u of waiting) expect(fs.existsSync(uploadPath(u.key))).toBe(true);
  });

  it("a page with readable photos is sealed with all of them, and made readable again only with readable ones", async () => {
    const d = await lockedDiary(await person(db));
    const day = utcDay(-6);
    // Shared with the circle, a page of a locked diary stays readable: two readable photos.
    const [one, two] = [await readableUpload(d.me.token), await readableUpload(d.me.token)];
    const shared = await postJournal(
      d.me.token,
      entryFields({
        visibility: "close-circle",
        journaldate: day,
        photos: JSON.stringify([{ upload: one }, { upload: two }]),
      }),
    );
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    const id = (shared.body as unknown as Page).id;
    const { journaldate: _day, ...fields } = await sealedFields(d, day, 1, "Now private", "Sealed words");
    void _day;
    // Sealed in the one-photo fields, its second photo would stay readable: refused, all kept.
    expectError(await putJournal(d.me.token, id, fields), 409, SEVERAL_PHOTOS_LOCKED_MESSAGE);
    const [a, b] = [await sealedUpload(d, day, 1, "#111111"), await sealedUpload(d, day, 1, "#222222")];
    const sealed = await putJournal(d.me.token, id, {
      ...fields,
      sealedPhotos: JSON.stringify([{ upload: a.id }, { upload: b.id }]),
    });
    expect(sealed.status, JSON.stringify(sealed.body)).toBe(200);
    const locked = sealed.body.journal as unknown as Page;
    expect(locked.sealed.photos).toHaveLength(2);
    expect([(await stored(id)).imageKey, ...(await stored(id)).morePhotos.map((p) => p.key)]).toEqual(
      expect.arrayContaining([expect.stringMatching(/\.sealed$/)]),
    );

    // Made readable (shared again) with a new cover alone, its other sealed photo would stay: refused.
    const share = { title: "Shared", content: "Readable again", visibility: "close-circle", unseal: "1" };
    expectError(
      await putJournal(d.me.token, id, { ...share, image: imageBlob(await smallPng(), "image/png") }),
      400,
      UNSEAL_PHOTO_MESSAGE,
    );
    const [three, four] = [await readableUpload(d.me.token), await readableUpload(d.me.token)];
    const readable = await putJournal(d.me.token, id, {
      ...share,
      photos: JSON.stringify([{ upload: three }, { upload: four }]),
    });
    expect(readable.status, JSON.stringify(readable.body)).toBe(200);
    const page = readable.body.journal as unknown as Page & { images: string[] };
    expect([page.locked, page.images.length]).toEqual([false, 2]);
    const row = await stored(id);
    expect([row.imageKey, ...row.morePhotos.map((p) => p.key)].some((k) => k!.endsWith(".sealed"))).toBe(false);
  });
});

describe("turning the lock off with several photos on a page", () => {
  it("opens each photo and description in the browser and writes the page back readable with all of them, in order", async () => {
    const me = await person(db);
    const d = await lockedDiary(me);
    const day = utcDay(-7);
    const [red, green, blue] = [
      await sealedUpload(d, day, 1, "#ff0000"),
      await sealedUpload(d, day, 1, "#00ff00"),
      await sealedUpload(d, day, 1, "#0000ff"),
    ];
    // The cover's description sealed for the page's revision, the others' for their photos' (docs/decisions/139).
    const res = await postJournal(me.token, {
      ...(await sealedFields(d, day, 1, "Three", "Sealed words")),
      sealedPhotos: JSON.stringify([
        { upload: red.id, description: await altOf(d, day, 1, "Red kite") },
        { upload: green.id },
        { upload: blue.id, description: await altOf(d, day, 1, "Blue door") },
      ]),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const begun = await api("/api/lock/off", {
      method: "POST",
      token: me.token,
      body: { verifier: d.verifier, password: DEFAULT_PASSWORD },
    });
    expect(begun.body).toMatchObject({ locked: true, turningOff: true });

    const ask = device(me);
    const run = await openLockedPages({ key: d.key, owner: me.user.id, ask });
    expect(run).toMatchObject({ opened: 1, failed: [], damaged: [] });
    const page = (
      await api<{
        locked: boolean;
        title: string;
        images: string[];
        imageDescription: string | null;
        photos: { description: string | null }[];
      }>(`/api/journals/date/${day}`, { token: me.token })
    ).body;
    expect([page.locked, page.title, page.imageDescription]).toEqual([false, "Three", "Red kite"]);
    expect(page.photos.map((p) => p.description)).toEqual(["Red kite", null, "Blue door"]);
    const colours = [];
    for (const url of page.images) {
      const served = await fetch(new URL(imagePath(url), testEnv.baseUrl));
      const { data } = await sharp(Buffer.from(await served.arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
      colours.push(`${data[0]! > 128 ? "r" : "-"}${data[1]! > 128 ? "g" : "-"}${data[2]! > 128 ? "b" : "-"}`);
    }
    expect(colours).toEqual(["r--", "-g-", "--b"]);
    // Nothing sealed is left: asked again, the lock is gone.
    const done = await api("/api/lock/off", { method: "POST", token: me.token, body: {} });
    expect(done.body).toMatchObject({ locked: false, turningOff: false });
  });
});

describe("turning the lock on over a page of several photos", () => {
  it("seals each stored photo as it is, uploads it sealed and names them all, with their descriptions, in one save", async () => {
    const me = await person(db);
    const day = utcDay(-8);
    const [one, two, three] = [
      await readableUpload(me.token, "#ff0000"),
      await readableUpload(me.token, "#00ff00"),
      await readableUpload(me.token, "#0000ff"),
    ];
    const written = await postJournal(
      me.token,
      entryFields({
        journaldate: day,
        photos: JSON.stringify([
          { upload: one, description: "Red kite" },
          { upload: two },
          { upload: three, description: "Blue door" },
        ]),
      }),
    );
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    const id = (written.body as unknown as Page).id;
    const before = await stored(id);
    const readable = [before.imageKey!, ...before.morePhotos.map((p) => p.key)];
    const bytes = readable.map((k) => fs.readFileSync(uploadPath(k)));
    expect(new Set(bytes.map((b) => b.toString("base64"))).size).toBe(3);

    const d = await lockedDiary(me);
    const ask = device(me);
    const run = await sealExistingPages({ key: d.key, owner: me.user.id, ask });
    expect(run).toMatchObject({ sealed: 1, failed: [] });

    const page = (await api<Page>(`/api/journals/date/${day}`, { token: me.token })).body;
    expect([page.locked, page.images, page.sealed.revision]).toEqual([true, [], 1]);
    expect(page.sealed.photos.map((p) => p.revision)).toEqual([1, 1, 1]);
    for (const [i, p] of page.sealed.photos.entries()) {
      const opened = await openRaw(d.key, photoPlace(d, day, 1), await served(p.image));
      expect(Buffer.from(opened).equals(bytes[i]!)).toBe(true);
    }
    const alt = { owner: me.user.id, day, field: "photoAlt" as const, revision: 1 };
    expect(
      await Promise.all(page.sealed.photos.map((p) => (p.description ? openText(d.key, alt, p.description) : null))),
    ).toEqual(["Red kite", null, "Blue door"]);
    // The readable photos are gone from the store.
    for (const key of readable) expect(fs.existsSync(uploadPath(key))).toBe(false);
  });
});
