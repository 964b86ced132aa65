import fs from "node:fs";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, DEFAULT_PASSWORD, type FactoryDb } from "../../scripts/seed/factories";
import { photoUploads } from "../../lib/db/schema";
import { sealRaw } from "../../client/lock/crypto";
import {
  PHOTO_MISSING_MESSAGE,
  PHOTO_ONE_WAY_MESSAGE,
  PHOTO_UPLOAD_GONE_MESSAGE,
  PHOTO_UPLOADS_WAITING_MAX,
  PHOTO_UPLOADS_WAITING_MESSAGE,
  SEALED_UPLOAD_READABLE_MESSAGE,
} from "../../lib/journals/photo-upload-limits";
import {
  LOCK_TURNING_OFF_MESSAGE,
  NOT_LOCKED_MESSAGE,
  SEALED_IMAGE_MAX_BYTES,
  SEALED_IMAGE_MESSAGE,
  SEALED_REVISION_MESSAGE,
  SEALED_WITH_TEXT_MESSAGE,
} from "../../lib/validation/lock-limits";
import { testEnv } from "../support/env";
import { expectLogClean, person, type Person } from "../support/friends";
import { api } from "../support/http";
import { lockedDiary, sealedFields, type Diary } from "../support/lock";
import {
  entryFields,
  expectError,
  imageBlob,
  postJournal,
  send,
  smallPng,
  toForm,
  uploadPath,
  utcDay,
} from "../support/journals";

// A locked page's photos uploaded before its save (docs/decisions/139): sealed in the browser
// (client/lock/crypto.ts, as the app seals them), kept as they came, waiting as every upload does,
// and never taken by a save of a page that is not locked.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  expectLogClean();
  await close();
});

const blob = (bytes: Uint8Array) => new Blob([bytes as BlobPart], { type: "application/octet-stream" });

async function sealedPhoto(d: Diary, day: string, revision: number) {
  return sealRaw(d.key, { owner: d.me.user.id, day, field: "photo", revision }, await smallPng("#336699"));
}

function uploadSealed(token: string | undefined, fields: Record<string, Blob | string>) {
  return send<{ id: string; expiresAt: string }>("/api/upload/entry-photo", {
    method: "POST",
    token,
    form: toForm(fields),
  });
}

async function waiting(who: Person) {
  const [row] = await db.select({ n: count() }).from(photoUploads).where(eq(photoUploads.userId, who.user.id));
  return row!.n;
}

describe("a sealed photo uploaded before its page", () => {
  it("waits as it came, with the revision it was sealed for, only while the diary is locked", async () => {
    const d = await lockedDiary(await person(db));
    const bytes = await sealedPhoto(d, utcDay(-3), 4);
    expectError(await uploadSealed(undefined, { sealedImage: blob(bytes), sealedRevision: "4" }), 401);
    const stranger = await person(db);
    expectError(
      await uploadSealed(stranger.token, { sealedImage: blob(bytes), sealedRevision: "4" }),
      409,
      NOT_LOCKED_MESSAGE,
    );
    expect(await waiting(stranger)).toBe(0);

    const res = await uploadSealed(d.me.token, { sealedImage: blob(bytes), sealedRevision: "4" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Date.parse(res.body.expiresAt)).toBeGreaterThan(Date.now());
    const [row] = await db.select().from(photoUploads).where(eq(photoUploads.id, res.body.id));
    expect(row).toMatchObject({ userId: d.me.user.id, sealedRevision: 4 });
    expect(row!.key).toMatch(/^entries\/[0-9a-f-]{36}\.sealed$/);
    expect(Buffer.compare(fs.readFileSync(uploadPath(row!.key)), Buffer.from(bytes))).toBe(0);
  });

  it("refuses a missing or wrong revision, bytes that are not a sealed photo, and both kinds at once, keeping nothing", async () => {
    const d = await lockedDiary(await person(db));
    const good = await sealedPhoto(d, utcDay(-4), 1);
    const png = await smallPng();
    const cases: [Record<string, Blob | string>, number, string][] = [
      [{ sealedImage: blob(good) }, 400, SEALED_REVISION_MESSAGE],
      [{ sealedImage: blob(good), sealedRevision: "0" }, 400, SEALED_REVISION_MESSAGE],
      [{ sealedImage: blob(good), sealedRevision: "1.5" }, 400, SEALED_REVISION_MESSAGE],
      [{ sealedImage: blob(good), sealedRevision: "99999999999" }, 400, SEALED_REVISION_MESSAGE],
      [{ sealedImage: blob(good.slice(0, 100)), sealedRevision: "1" }, 400, SEALED_IMAGE_MESSAGE],
      [{ sealedImage: blob(png), sealedRevision: "1" }, 400, SEALED_IMAGE_MESSAGE],
      [
        { sealedImage: blob(good), image: imageBlob(png, "image/png"), sealedRevision: "1" },
        400,
        PHOTO_ONE_WAY_MESSAGE,
      ],
      [{ sealedRevision: "1" }, 400, PHOTO_MISSING_MESSAGE],
    ];
    for (const [fields, status, message] of cases) expectError(await uploadSealed(d.me.token, fields), status, message);
    const huge = new Uint8Array(SEALED_IMAGE_MAX_BYTES + 1);
    huge[0] = good[0]!;
    expectError(await uploadSealed(d.me.token, { sealedImage: blob(huge), sealedRevision: "1" }), 413);
    expect(await waiting(d.me)).toBe(0);
  });

  it("counts with the readable uploads against the bound on what waits", async () => {
    const d = await lockedDiary(await person(db));
    await db.insert(photoUploads).values(
      Array.from({ length: PHOTO_UPLOADS_WAITING_MAX }, (_, i) => ({
        userId: d.me.user.id,
        key: `entries/${crypto.randomUUID()}.webp`,
        createdAt: new Date(Date.now() - i * 1000),
      })),
    );
    const bytes = await sealedPhoto(d, utcDay(-5), 1);
    expectError(
      await uploadSealed(d.me.token, { sealedImage: blob(bytes), sealedRevision: "1" }),
      429,
      PHOTO_UPLOADS_WAITING_MESSAGE,
    );
    expect(await waiting(d.me)).toBe(PHOTO_UPLOADS_WAITING_MAX);
  });

  it("is taken by no save of a page that is not locked, nor by anyone else's, and waits on", async () => {
    const d = await lockedDiary(await person(db));
    const day = utcDay(-6);
    const res = await uploadSealed(d.me.token, {
      sealedImage: blob(await sealedPhoto(d, day, 1)),
      sealedRevision: "1",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const photos = JSON.stringify([{ upload: res.body.id }]);

    // A page shared with the circle (readable under the lock) cannot keep bytes its readers cannot open.
    const shared = await postJournal(d.me.token, entryFields({ visibility: "close-circle", journaldate: day, photos }));
    expectError(shared, 400, SEALED_UPLOAD_READABLE_MESSAGE);
    expect(shared.body).toMatchObject({ errors: [{ path: "photos.0", message: SEALED_UPLOAD_READABLE_MESSAGE }] });
    // Another person cannot name it at all: to them it is not waiting.
    const other = await person(db);
    expectError(
      await postJournal(other.token, entryFields({ visibility: "close-circle", journaldate: day, photos })),
      400,
      PHOTO_UPLOAD_GONE_MESSAGE,
    );
    // Nor, yet, a sealed save: its photos are the one sealedImage (docs/decisions/139, the next step).
    expectError(
      await postJournal(d.me.token, { ...(await sealedFields(d, day, 1, "Locked", "Words")), photos }),
      400,
      SEALED_WITH_TEXT_MESSAGE,
    );
    const [row] = await db
      .select({ id: photoUploads.id })
      .from(photoUploads)
      .where(and(eq(photoUploads.id, res.body.id), eq(photoUploads.userId, d.me.user.id)));
    expect(row).toBeDefined();
  });

  it("is refused while the lock is being turned off: pages only become readable then", async () => {
    const d = await lockedDiary(await person(db));
    const day = utcDay(-7);
    const page = await postJournal(d.me.token, await sealedFields(d, day, 1, "Locked", "Words"));
    expect(page.status, JSON.stringify(page.body)).toBe(201);
    const off = await api("/api/lock/off", {
      method: "POST",
      token: d.me.token,
      body: { verifier: d.verifier, password: DEFAULT_PASSWORD },
    });
    expect(off.body).toMatchObject({ locked: true, turningOff: true });
    expectError(
      await uploadSealed(d.me.token, { sealedImage: blob(await sealedPhoto(d, day, 2)), sealedRevision: "2" }),
      409,
      LOCK_TURNING_OFF_MESSAGE,
    );
    expect(await waiting(d.me)).toBe(0);
  });
});
