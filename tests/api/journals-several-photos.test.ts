import fs from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, connect, type FactoryDb } from "../../scripts/seed/factories";
import { photoUploads } from "../../lib/db/schema";
import { PHOTO_UPLOADS_WAITING_MAX, SEVERAL_PHOTOS_LOCKED_MESSAGE } from "../../lib/journals/photo-upload-limits";
import { testEnv } from "../support/env";
import { api } from "../support/http";
import { feed } from "../support/feed";
import { person } from "../support/friends";
import { lockedDiary, sealedFields } from "../support/lock";
import {
  entryFields,
  expectError,
  imageBlob,
  imagePath,
  journalRow,
  postJournal,
  putJournal,
  send,
  signedIn,
  toForm,
  unsignedImagePath,
  uploadPath,
  utcDay,
} from "../support/journals";

// A page's several photos (docs/decisions/133): uploaded one by one, saved as one list, the first
// the cover; kept, reordered and dropped by a save; served to whoever may read the page, each by
// its own URL; never another person's upload; kept by versions and gone with the page.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

type Photo = { id: string; description: string | null };
type Page = { id: string; images: string[]; photos: Photo[]; imageDescription: string | null };

function colourPng(colour: string) {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function upload(token: string | undefined, colour = "#aa0000") {
  const form = toForm({ image: imageBlob(await colourPng(colour), "image/png") });
  return send<{ id: string; expiresAt: string }>("/api/upload/entry-photo", { method: "POST", token, form });
}

async function uploads(token: string, colours: string[]) {
  const ids: string[] = [];
  for (const colour of colours) {
    const res = await upload(token, colour);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.id);
  }
  return ids;
}

/** The red of a served photo's middle pixel: which of the coloured uploads it is. */
async function servedColour(url: string, token?: string) {
  const res = await fetch(`${testEnv.baseUrl}${imagePath(url)}`, {
    headers: token ? { cookie: `token=${token}` } : {},
  });
  expect(res.status).toBe(200);
  const { data } = await sharp(Buffer.from(await res.arrayBuffer()))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return `${data[0]! > 128 ? "r" : "-"}${data[1]! > 128 ? "g" : "-"}${data[2]! > 128 ? "b" : "-"}`;
}

async function pageWithThree(token: string, fields: Record<string, string> = {}) {
  const [red, green, blue] = await uploads(token, ["#ff0000", "#00ff00", "#0000ff"]);
  const res = await postJournal(
    token,
    entryFields({
      photos: JSON.stringify([
        { upload: red, description: "Red kite" },
        { upload: green },
        { upload: blue, description: "Blue door" },
      ]),
      ...fields,
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as unknown as Page;
}

describe("several photos on a page", () => {
  it("are uploaded first, saved as one list in order with their descriptions, and each served by its own URL", async () => {
    const { token } = await signedIn(db);
    const page = await pageWithThree(token);
    expect(page.images).toHaveLength(3);
    expect(page.photos.map((p) => p.description)).toEqual(["Red kite", null, "Blue door"]);
    // Each URL is sent once, in `images`; `photos` holds the ids and descriptions at the same places (docs/decisions/138).
    expect(page.photos.every((p) => !("url" in p))).toBe(true);
    expect(page.imageDescription).toBe("Red kite");
    const colours = [];
    for (const url of page.images) colours.push(await servedColour(url));
    expect(colours).toEqual(["r--", "-g-", "--b"]);

    const row = (await journalRow(db, page.id))!;
    expect(row.morePhotos).toHaveLength(2);
    for (const key of [row.imageKey!, ...row.morePhotos.map((p) => p.key)])
      expect(fs.existsSync(uploadPath(key))).toBe(true);
    // Each upload was taken by the save: none waits any more.
    expect(await db.select().from(photoUploads).where(eq(photoUploads.key, row.imageKey!))).toEqual([]);
  });

  it("are reordered, dropped and added by a save, and an earlier version brings them back as they were", async () => {
    const { token } = await signedIn(db);
    const page = await pageWithThree(token);
    const [red, green, blue] = page.photos;
    const greenUrl = page.images[1]!;
    const [yellow] = await uploads(token, ["#ffff00"]);
    const res = await putJournal(token, page.id, {
      ...entryFields(),
      photos: JSON.stringify([
        { photo: blue!.id, description: "Blue door, again" },
        { upload: yellow },
        { photo: red!.id },
      ]),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = res.body.journal as unknown as Page;
    expect(saved.photos.map((p) => p.id)).toEqual([blue!.id, expect.any(String), red!.id]);
    expect(saved.photos.map((p) => p.description)).toEqual(["Blue door, again", null, "Red kite"]);
    expect(await servedColour(saved.images[1]!)).toBe("rg-");
    // The green photo is off the page, kept by the version the save made; its old URL shows nothing.
    expect((await fetch(`${testEnv.baseUrl}${imagePath(greenUrl)}`)).status).toBe(404);

    const versions = await api<{ versions: (Page & { id: string })[] }>(`/api/journals/${page.id}/versions`, { token });
    expect(versions.body.versions[0]!.photos.map((p) => p.description)).toEqual(["Red kite", null, "Blue door"]);
    expect(await servedColour(versions.body.versions[0]!.images[1]!)).toBe("-g-");
    const restored = await api<{ journal: Page }>(
      `/api/journals/${page.id}/versions/${versions.body.versions[0]!.id}/restore`,
      {
        method: "POST",
        token,
      },
    );
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.journal.photos.map((p) => p.id)).toEqual([red!.id, green!.id, blue!.id]);

    // The original client's way: removeImage drops the cover, and the next photo becomes it.
    const removed = await putJournal(token, page.id, { ...entryFields(), removeImage: "true" });
    expect(removed.status).toBe(200);
    expect((removed.body.journal as unknown as Page).photos.map((p) => p.id)).toEqual([green!.id, blue!.id]);
    expect((removed.body.journal as unknown as Page).imageDescription).toBeNull();
  });

  it("are refused whole, naming the field and changing nothing, when the list is bad", async () => {
    const { token } = await signedIn(db);
    const page = await pageWithThree(token);
    const [a, b, c, d, e, f, g] = await uploads(token, [
      "#111111",
      "#222222",
      "#333333",
      "#444444",
      "#555555",
      "#666666",
      "#777777",
    ]);
    const before = await journalRow(db, page.id);
    const other = await signedIn(db);
    const [theirs] = await uploads(other.token, ["#880088"]);
    const refusals: [unknown, number, RegExp][] = [
      [[a, b, c, d, e, f, g].map((upload) => ({ upload })), 400, /at most 6 photos/],
      ["not json", 400, /photos must be a JSON list/],
      [{ upload: a }, 400, /photos must be a JSON list/],
      [[{ upload: a }, { upload: a }], 400, /only once/],
      [[{ upload: a, photo: page.photos[0]!.id }], 400, /photos must be a JSON list/],
      [[{ upload: a, extra: 1 }], 400, /photos must be a JSON list/],
      [[{ upload: "00000000-0000-4000-8000-000000000000" }], 400, /no longer waiting/],
      [[{ upload: theirs }], 400, /no longer waiting/],
      [[{ photo: "0123456789ab" }], 400, /not on this page/],
      [[{ upload: a, description: "x".repeat(301) }], 400, /at most 300/],
    ];
    for (const [photos, status, message] of refusals) {
      const raw = typeof photos === "string" ? photos : JSON.stringify(photos);
      const res = await putJournal(token, page.id, { ...entryFields(), photos: raw });
      expectError(res, status, message);
      expect(JSON.stringify(res.body)).toContain('"path":"photos');
    }
    // Beside the original client's one-photo fields, or on a new page of another's upload.
    expectError(
      await putJournal(token, page.id, { ...entryFields(), photos: "[]", removeImage: "true" }),
      400,
      /either as photos/,
    );
    expectError(
      await postJournal(other.token, entryFields({ photos: JSON.stringify([{ upload: a }]) })),
      400,
      /no longer waiting/,
    );
    expect(await journalRow(db, page.id)).toEqual(before);
    // A refused save took nothing: the uploads still wait for the next try, which takes them.
    const ok = await putJournal(token, page.id, {
      ...entryFields(),
      photos: JSON.stringify([{ upload: a }, { upload: b }]),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it("are an upload a person must be signed in for, of a real image, and at most a bounded number waiting", async () => {
    expect((await upload(undefined)).status).toBe(401);
    const { user, token } = await signedIn(db);
    const empty = await send("/api/upload/entry-photo", { method: "POST", token, form: toForm({ title: "no file" }) });
    expectError(empty, 400, "Choose a photo to upload");
    const notImage = await send("/api/upload/entry-photo", {
      method: "POST",
      token,
      form: toForm({ image: new Blob([Buffer.from("not an image at all")], { type: "image/png" }) }),
    });
    expect([400, 415]).toContain(notImage.status);
    const huge = await send("/api/upload/entry-photo", {
      method: "POST",
      token,
      form: toForm({ image: new Blob([Buffer.alloc(7 * 1024 * 1024)], { type: "image/jpeg" }) }),
    });
    expect(huge.status).toBe(413);

    await db.insert(photoUploads).values(
      Array.from({ length: PHOTO_UPLOADS_WAITING_MAX }, () => ({
        userId: user.id,
        key: `entries/${crypto.randomUUID()}.webp`,
      })),
    );
    const over = await upload(token);
    expectError(over, 429, /At most 36 photos can wait/);
  });

  it("show a friend every photo of a shared page, anonymous too, and nobody else", async () => {
    const writer = await signedIn(db);
    const friend = await signedIn(db);
    const stranger = await signedIn(db);
    await befriend(db, writer.user.id, friend.user.id);
    const page = await pageWithThree(writer.token, {
      visibility: "close-circle",
      isAnonymous: "true",
      journaldate: utcDay(-1),
    });

    const seen = (await feed(friend)).body.journals.find((j) => j.id === page.id)!;
    const item = seen as unknown as Page & { author: unknown };
    expect(item.author).toBeNull();
    expect(item.photos.map((p) => p.description)).toEqual(["Red kite", null, "Blue door"]);
    expect(item.photos.map((p) => p.id)).toEqual(page.photos.map((p) => p.id));
    // Nothing in a photo's URL or id names its writer.
    for (const url of item.images) {
      expect(url).not.toContain(writer.user.id);
      expect(url).not.toContain(writer.user.username);
    }
    expect(await servedColour(item.images[2]!)).toBe("--b");

    // The friend's URLs are the friend's: a stranger with a session, or nobody, sees none of them.
    for (const url of item.images) {
      expect((await api(unsignedImagePath(url), { token: stranger.token })).status).toBe(404);
      expect([401, 404]).toContain((await api(unsignedImagePath(url))).status);
    }
    // Blocked, the friend sees none of them either.
    expect((await api(`/api/users/${friend.user.id}/block`, { token: writer.token, body: {} })).status).toBe(200);
    for (const url of item.images)
      expect((await api(unsignedImagePath(url), { token: friend.token })).status).toBe(404);
  });

  it("keep a page from being sealed in the one-photo fields when the diary is locked: a 409, and the page keeps them all", async () => {
    const me = await person(db);
    const day = utcDay(-4);
    const page = await pageWithThree(me.token, { journaldate: day });
    const diary = await lockedDiary(me);
    const before = await journalRow(db, page.id);
    const sealing = await putJournal(me.token, page.id, await sealedFields(diary, day, 1, "Sealed", "Words"));
    expectError(sealing, 409, SEVERAL_PHOTOS_LOCKED_MESSAGE);
    expect(await journalRow(db, page.id)).toEqual(before);
  });

  it("are never sent beside a locked page's sealed fields, and go with the page and its versions", async () => {
    const { token } = await signedIn(db);
    const page = await pageWithThree(token);
    const row = (await journalRow(db, page.id))!;
    const keys = [row.imageKey!, ...row.morePhotos.map((p) => p.key)];

    expectError(await putJournal(token, page.id, { ...entryFields(), photos: "[]", sealedTitle: "ik1.x" }), 400);

    expect((await api(`/api/journals/${page.id}`, { method: "DELETE", token })).status).toBe(200);
    for (const key of keys) expect(fs.existsSync(uploadPath(key))).toBe(true);
    expect((await api(`/api/journals/deleted/${page.id}`, { method: "DELETE", token })).status).toBe(200);
    for (const key of keys) expect(fs.existsSync(uploadPath(key))).toBe(false);
  });
});
