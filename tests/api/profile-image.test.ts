import fs from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type FactoryDb } from "../../scripts/seed/factories";
import { users } from "../../lib/db/schema";
import { IMAGE_TOO_LARGE_MESSAGE, IMAGE_UNSUPPORTED_MESSAGE } from "../../lib/images/messages";
import { testEnv } from "../support/env";
import { api } from "../support/http";
import { expectCleanWebp, expectError, imageBlob, signedIn } from "../support/journals";
import {
  keyOfUrl,
  pictureFile,
  signedPicture,
  storedPictures,
  uploadPicture,
  widePhoto,
} from "../support/profile-images";

// POST /api/upload/profile-image and GET /api/users/{id}/avatar (docs/decisions/028).

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

describe("POST /api/upload/profile-image", () => {
  it("stores a centred square of at most 400 × 400, WebP without metadata, in the owner's folder, and signs its URL for the caller", async () => {
    const { user, token } = await signedIn(db);
    const res = await uploadPicture(token, await widePhoto());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body)).toEqual(["imageUrl"]);
    const key = keyOfUrl(res.body.imageUrl);
    expect(res.body.imageUrl).toEqual(signedPicture({ ownerId: user.id, viewerId: user.id, key }));
    expect(storedPictures(user.id)).toEqual([key]);

    // A plain fetch, with no cookie or header, loads it.
    const served = await fetch(res.body.imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    const data = Buffer.from(await served.arrayBuffer());
    const meta = await expectCleanWebp(data);
    expect([meta.width, meta.height]).toEqual([400, 400]);
    expect(Buffer.compare(data, fs.readFileSync(pictureFile(key)))).toBe(0);
  });

  it("keeps a small image's size: a square of its shorter side", async () => {
    const { token } = await signedIn(db);
    const res = await uploadPicture(token, await widePhoto(120, 90));
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await (await fetch(res.body.imageUrl)).arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([90, 90]);
  });

  it("answers 400 without a file, 413 for one over 5 MB, 415 for one that is not an image, storing nothing", async () => {
    const { user, token } = await signedIn(db);
    expectError(await uploadPicture(token, undefined), 400);
    expectError(
      await uploadPicture(token, imageBlob(Buffer.alloc(5 * 1024 * 1024 + 10, 1), "image/jpeg")),
      413,
      IMAGE_TOO_LARGE_MESSAGE,
    );
    expectError(
      await uploadPicture(token, imageBlob(Buffer.from("just text, not an image"), "image/png")),
      415,
      IMAGE_UNSUPPORTED_MESSAGE,
    );
    expect(storedPictures(user.id)).toEqual([]);
  });

  it("answers 401 without a session, and 403 to a cookie-only write from another origin", async () => {
    expectError(await uploadPicture(undefined, await widePhoto(100, 100)), 401);
    const { user, token } = await signedIn(db);
    const form = new FormData();
    form.append("image", await widePhoto(100, 100), "me.jpg");
    expectError(
      await api("/api/upload/profile-image", {
        method: "POST",
        cookie: `session=${token}`,
        headers: { origin: "https://evil.example" },
        form,
      }),
      403,
    );
    expect(storedPictures(user.id)).toEqual([]);
  });
});

describe("GET /api/users/{id}/avatar", () => {
  async function ownerWithPicture() {
    const owner = await signedIn(db);
    const upload = await uploadPicture(owner.token, await widePhoto(200, 200));
    const put = await api<{ profileImage: string }>("/api/myprofile", {
      method: "PUT",
      token: owner.token,
      body: { profileImage: upload.body.imageUrl },
    });
    expect(put.status).toBe(200);
    return { owner, key: keyOfUrl(upload.body.imageUrl) };
  }

  it("is given to every signed-in viewer, signed for them, by every route that shows the person", async () => {
    const { owner, key } = await ownerWithPicture();
    const viewer = await signedIn(db);
    const expected = signedPicture({ ownerId: owner.user.id, viewerId: viewer.user.id, key });
    const profile = await api<{ user: Record<string, unknown> }>(`/api/users/${owner.user.id}`, {
      token: viewer.token,
    });
    expect(profile.body.user).toMatchObject({ profileImage: expected, avatar: expected, profilePicture: expected });
    const search = await api<{ users: Record<string, unknown>[] }>(`/api/search?q=${owner.user.username}`, {
      token: viewer.token,
    });
    expect(search.body.users.find((u) => u.id === owner.user.id)).toMatchObject({
      profileImage: expected,
      avatar: expected,
    });
    const me = await api<Record<string, unknown>>("/api/auth/me", { token: owner.token });
    expect(me.body.profileImage).toEqual(signedPicture({ ownerId: owner.user.id, viewerId: owner.user.id, key }));

    const url = (profile.body.user as { profileImage: string }).profileImage;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
  });

  it("answers 404 for a changed or expired signature, and for a viewer who no longer exists", async () => {
    const { owner } = await ownerWithPicture();
    const viewer = await signedIn(db);
    const profile = await api<{ user: { profileImage: string } }>(`/api/users/${owner.user.id}`, {
      token: viewer.token,
    });
    const url = new URL(profile.body.user.profileImage);
    for (const [name, value] of [
      ["s", url.searchParams.get("s")!.replace(/^./, (c) => (c === "A" ? "B" : "A"))],
      ["u", owner.user.id],
      ["e", String(Math.floor(Date.now() / 1000) - 1)],
      ["v", "00000000-0000-4000-8000-000000000000"],
      ["v", "../../etc/passwd"],
    ] as const) {
      const changed = new URL(url);
      changed.searchParams.set(name, value);
      expectError(await api(`${changed.pathname}${changed.search}`), 404, "Image not found");
    }
    await db.delete(users).where(eq(users.id, viewer.user.id));
    expectError(await api(`${url.pathname}${url.search}`), 404, "Image not found");
  });

  it("answers 401 with neither a signature nor a session, and the current picture to a session", async () => {
    const { owner } = await ownerWithPicture();
    expectError(await api(`/api/users/${owner.user.id}/avatar`), 401);
    const viewer = await signedIn(db);
    const res = await fetch(`${testEnv.baseUrl}/api/users/${owner.user.id}/avatar`, {
      headers: { authorization: `Bearer ${viewer.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
  });
});
