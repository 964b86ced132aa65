import fs from "node:fs";
import { coded } from "../support/refusals";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type FactoryDb } from "../../scripts/seed/factories";
import { pageVersions } from "../../lib/db/schema";
import { IMAGE_SIDE_TOO_LONG_MESSAGE } from "../../lib/images/messages";
import { testEnv } from "../support/env";
import { api } from "../support/http";
import {
  entryFields,
  expectCleanWebp,
  expectError,
  imageBlob,
  imagePath,
  journalRow,
  journalRows,
  leftBehind,
  oddSizedPng,
  phonePhoto,
  pixelAt,
  pngBomb,
  postJournal,
  putJournal,
  signedIn,
  smallPng,
  storedEntryKeys,
  unsignedImagePath,
  uploadPath,
} from "../support/journals";

// Photos on the local-disk instances (A and B share one upload folder): what is stored, how it is
// served, and that refused uploads and replaced or deleted photos leave no file behind.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

const edit = { title: "Edited", content: "Edited content", visibility: "private", isAnonymous: "false" };

async function entryWithPhoto(token: string, journaldate = "2025-07-01") {
  const res = await postJournal(token, entryFields({ journaldate, image: imageBlob(await smallPng(), "image/png") }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const row = (await journalRow(db, res.body.id))!;
  expect(fs.existsSync(uploadPath(row.imageKey!))).toBe(true);
  return { entry: res.body, row };
}

describe("an entry photo", () => {
  it("is stored upright, as WebP, at most 1600 px, without EXIF, GPS or camera tags, and served through our route", async () => {
    const { user, token } = await signedIn(db);
    const photo = await phonePhoto(2400, 1800);
    for (const s of ["InkwellTestCam", "InkwellDatum"]) expect(photo.includes(s)).toBe(true);
    const res = await postJournal(token, entryFields({ image: imageBlob(photo, "image/jpeg") }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);

    const row = (await journalOn(user.id))!;
    expect(row.imageKey).toMatch(/^entries\/[0-9a-f-]{36}\.webp$/);
    expect(res.body.images).toHaveLength(1);
    const url = new URL(res.body.images[0]!);
    expect(url.origin).toBe(new URL(testEnv.baseUrl).origin);
    expect(url.pathname).toBe(`/api/journals/${row.id}/image`);
    expect(url.searchParams.get("v")).toBe(`${row.imageKey!.slice(8, 16)}${row.imageKey!.slice(17, 21)}`);
    const stored = fs.readFileSync(uploadPath(row.imageKey!));
    const meta = await expectCleanWebp(stored);
    // Orientation 6: turned 90° clockwise, so the 2400 × 1800 landscape becomes 1200 × 1600 portrait, red on top.
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
    const top = await pixelAt(stored, 600, 100);
    const bottom = await pixelAt(stored, 600, 1500);
    expect(top[0]).toBeGreaterThan(200);
    expect(bottom[2]).toBeGreaterThan(200);

    // Signed, it needs no session, on either instance (they share the key through the database).
    for (const base of [testEnv.baseUrl, testEnv.secondUrl]) {
      const served = await fetch(`${base}${imagePath(res.body.images[0]!)}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);
    }
  });

  it("larger than shown, keeps a full-size copy for the export, as clean, which goes when the page goes for good", async () => {
    const { user, token } = await signedIn(db);
    const res = await postJournal(token, entryFields({ image: imageBlob(await phonePhoto(2400, 1800), "image/jpeg") }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = (await journalOn(user.id))!;
    const fullKey = row.imageKey!.replace(/\.webp$/, "-full.jpg");
    const full = fs.readFileSync(uploadPath(fullKey));
    const meta = await sharp(full).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1800, height: 2400 });
    expect([meta.exif, meta.icc, meta.xmp, meta.orientation]).toEqual([undefined, undefined, undefined, undefined]);
    for (const s of ["InkwellTestCam", "InkwellDatum", "Exif", "GPS"]) expect(full.includes(s)).toBe(false);
    expect((await pixelAt(full, 900, 100))[0]).toBeGreaterThan(200);
    // The API still names the one photo shown; the copy has no URL of its own.
    expect(res.body.images).toHaveLength(1);

    expect((await api(`/api/journals/${row.id}`, { method: "DELETE", token })).status).toBe(200);
    expect(fs.existsSync(uploadPath(fullKey))).toBe(true);
    expect((await api(`/api/journals/deleted/${row.id}`, { method: "DELETE", token })).status).toBe(200);
    expect([fs.existsSync(uploadPath(row.imageKey!)), fs.existsSync(uploadPath(fullKey))]).toEqual([false, false]);
  });

  it("from an iPhone (HEVC-coded HEIC, decoded by the wasm fallback in a worker) is stored as WebP", async () => {
    const { user, token } = await signedIn(db);
    const heic = fs.readFileSync(path.join(import.meta.dirname, "../fixtures/images/red-blue.heic"));
    const res = await postJournal(token, entryFields({ image: imageBlob(heic, "image/heic") }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const stored = fs.readFileSync(uploadPath((await journalOn(user.id))!.imageKey!));
    const meta = await expectCleanWebp(stored);
    expect([meta.width, meta.height]).toEqual([320, 240]);
    expect((await pixelAt(stored, 20, 120))[0]).toBeGreaterThan(200);
    expect((await pixelAt(stored, 300, 120))[2]).toBeGreaterThan(200);
  });

  it("keeps a small image's size (never enlarged), and no second copy of it", async () => {
    const { token } = await signedIn(db);
    const { row } = await entryWithPhoto(token);
    for (const ext of ["jpg", "webp"])
      expect(fs.existsSync(uploadPath(row.imageKey!.replace(/\.webp$/, `-full.${ext}`)))).toBe(false);
    expect(await sharp(fs.readFileSync(uploadPath(row.imageKey!))).metadata()).toMatchObject({
      format: "webp",
      width: 64,
      height: 48,
    });
  });

  it("is served without its signature to a session cookie too", async () => {
    const { token } = await signedIn(db);
    const { entry } = await entryWithPhoto(token);
    const served = await fetch(`${testEnv.baseUrl}${unsignedImagePath(entry.images[0]!)}`, {
      headers: { cookie: `session=${token}` },
    });
    expect(served.status).toBe(200);
  });
});

describe("a refused upload changes nothing", () => {
  it.each([
    ["a text file named .jpg (415)", () => imageBlob(Buffer.from("just some text, honestly"), "image/jpeg"), 415],
    ["an SVG (415)", () => imageBlob(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), "image/svg+xml"), 415],
    ["a truncated JPEG (400)", async () => imageBlob((await phonePhoto(400, 300)).subarray(0, 2000)), 400],
    [
      "a file over 5 MB (413)",
      () => imageBlob(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5 * 1024 * 1024 - 3)])),
      413,
    ],
  ])("on create: %s, no entry and no file", async (_label, makeImage, status) => {
    const { user, token } = await signedIn(db);
    const before = storedEntryKeys();
    const image = await makeImage();
    expectError(await postJournal(token, entryFields({ image })), status);
    expect(await journalRows(db, user.id)).toEqual([]);
    expect(await leftBehind(db, before, image)).toEqual([]);
  });

  it("on create: a 20 000 × 20 000 PNG is a 4xx, and the server still answers afterwards", async () => {
    const { user, token } = await signedIn(db);
    const bomb = await pngBomb(20_000);
    const before = storedEntryKeys();
    const image = imageBlob(bomb, "image/png");
    const res = await postJournal(token, entryFields({ image }));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toEqual(coded({ message: expect.any(String) }));
    expect(await journalRows(db, user.id)).toEqual([]);
    expect(await leftBehind(db, before, image)).toEqual([]);
    expect((await api("/api/health")).status).toBe(200);
  }, 60_000);

  it("on create: a 10 000 000 × 5 PNG (48 KB) is a 413 from its header, and the server still answers", async () => {
    const { user, token } = await signedIn(db);
    const strip = await pngBomb(10_000_000, 5);
    const before = storedEntryKeys();
    const image = imageBlob(strip, "image/png");
    expectError(await postJournal(token, entryFields({ image })), 413, IMAGE_SIDE_TOO_LONG_MESSAGE);
    expect(await journalRows(db, user.id)).toEqual([]);
    expect(await leftBehind(db, before, image)).toEqual([]);
    expect((await api("/api/health")).status).toBe(200);
    // The same person can still post a photo right after.
    expect((await postJournal(token, entryFields({ image: imageBlob(await smallPng(), "image/png") }))).status).toBe(
      201,
    );
  });

  it("on update: the entry keeps its text and its photo", async () => {
    const { token } = await signedIn(db);
    const { entry, row } = await entryWithPhoto(token);
    const before = storedEntryKeys();
    const image = imageBlob(Buffer.from("not an image"));
    expectError(await putJournal(token, entry.id, { ...edit, image }), 415);
    expect(await journalRow(db, entry.id)).toEqual(row);
    expect(fs.existsSync(uploadPath(row.imageKey!))).toBe(true);
    expect(await leftBehind(db, before, image)).toEqual([]);
  });

  it("on create, when the day is already taken (409): no file is left behind", async () => {
    const { token } = await signedIn(db);
    await entryWithPhoto(token, "2025-07-02");
    const before = storedEntryKeys();
    const image = imageBlob(await oddSizedPng(), "image/png");
    expectError(await postJournal(token, entryFields({ journaldate: "2025-07-02", image })), 409);
    expect(await leftBehind(db, before, image)).toEqual([]);
  });
});

describe("replacing and removing a photo", () => {
  it("a new image replaces the old one, whose file stays with the page's earlier version (docs/decisions/127)", async () => {
    const { token } = await signedIn(db);
    const { entry, row } = await entryWithPhoto(token);
    const res = await putJournal(
      token,
      entry.id,
      { ...edit, image: imageBlob(await phonePhoto(400, 300)) },
      testEnv.secondUrl,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = (await journalRow(db, entry.id))!;
    expect(after.imageKey).not.toBe(row.imageKey);
    expect(res.body.journal.images).toHaveLength(1);
    expect(res.body.journal.images[0]).not.toBe(entry.images[0]);
    expect(fs.existsSync(uploadPath(row.imageKey!))).toBe(true);
    expect(await versionPhotos(entry.id)).toEqual([row.imageKey]);
    await expectCleanWebp(fs.readFileSync(uploadPath(after.imageKey!)));
    expect((await fetch(res.body.journal.images[0]!)).status).toBe(200);
    // The old photo's signed URL does not show its successor.
    expectError(await api(imagePath(entry.images[0]!)), 404, "Image not found");
  });

  it("an update without image or removeImage keeps the photo", async () => {
    const { token } = await signedIn(db);
    const { entry, row } = await entryWithPhoto(token);
    const res = await putJournal(token, entry.id, edit);
    expect(res.status).toBe(200);
    expect(res.body.journal.images).toEqual(entry.images);
    expect((await journalRow(db, entry.id))!.imageKey).toBe(row.imageKey);
    expect(fs.existsSync(uploadPath(row.imageKey!))).toBe(true);
  });

  it("removeImage=true clears the photo; its file stays with the earlier version only", async () => {
    const { token } = await signedIn(db);
    const { entry, row } = await entryWithPhoto(token);
    const res = await putJournal(token, entry.id, { ...edit, removeImage: "true" });
    expect(res.status).toBe(200);
    expect(res.body.journal.images).toEqual([]);
    expect((await journalRow(db, entry.id))!.imageKey).toBeNull();
    expect(await versionPhotos(entry.id)).toEqual([row.imageKey]);
    expectError(await api(imagePath(entry.images[0]!)), 404);
    expectError(await api(unsignedImagePath(entry.images[0]!), { token }), 404);
  });

  it("removeImage=false keeps the photo", async () => {
    const { token } = await signedIn(db);
    const { entry, row } = await entryWithPhoto(token);
    expect((await putJournal(token, entry.id, { ...edit, removeImage: "false" })).status).toBe(200);
    expect(fs.existsSync(uploadPath(row.imageKey!))).toBe(true);
  });

  it("deleting the entry keeps its file in Recently deleted; deleting it for good deletes the file", async () => {
    const { token } = await signedIn(db);
    const { entry, row } = await entryWithPhoto(token);
    expect((await api(`/api/journals/${entry.id}`, { method: "DELETE", token, base: testEnv.secondUrl })).status).toBe(
      200,
    );
    expect(fs.existsSync(uploadPath(row.imageKey!))).toBe(true);
    expect((await api(`/api/journals/deleted/${entry.id}`, { method: "DELETE", token })).status).toBe(200);
    expect(fs.existsSync(uploadPath(row.imageKey!))).toBe(false);
  });
});

/** The photos a page's earlier versions keep. */
async function versionPhotos(journalId: string) {
  const rows = await db
    .select({ key: pageVersions.imageKey })
    .from(pageVersions)
    .where(eq(pageVersions.journalId, journalId));
  return rows.map((r) => r.key);
}

async function journalOn(authorId: string) {
  return (await journalRows(db, authorId))[0];
}
