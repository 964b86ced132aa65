import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type FactoryDb } from "../../scripts/seed/factories";
import { testEnv } from "../support/env";
import { testBucket } from "../support/test-bucket";
import { api } from "../support/http";
import {
  entryFields,
  expectCleanWebp,
  expectError,
  imageBlob,
  journalRow,
  journalRows,
  phonePhoto,
  postJournal,
  putJournal,
  signedIn,
  unsignedImagePath,
} from "../support/journals";

// The third instance keeps photos in S3 (s3rver on loopback): the image route redirects to a
// short-lived presigned URL after the same access check, and deletes reach the bucket.

let db: FactoryDb;
let close: () => Promise<void>;
let bucket: ReturnType<typeof testBucket>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
  bucket = testBucket();
});
afterAll(async () => {
  bucket.destroy();
  await close();
});

async function s3Entry() {
  const { user, token } = await signedIn(db);
  const res = await postJournal(
    token,
    entryFields({ visibility: "close-circle", image: imageBlob(await phonePhoto(2000, 1000)) }),
    testEnv.s3Url,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const row = (await journalRow(db, res.body.id))!;
  return { user, token, entry: res.body, key: row.imageKey! };
}

describe("photos in S3", () => {
  it("are stored processed in the bucket, and the route redirects to a presigned URL a plain fetch can read", async () => {
    const { entry, key } = await s3Entry();
    expect(await bucket.objectExists(key)).toBe(true);
    const object = await bucket.getObject(key);
    const stored = Buffer.from(await object.Body!.transformToByteArray());
    const meta = await expectCleanWebp(stored);
    expect([meta.width, meta.height]).toEqual([800, 1600]);

    // The signed URL is on the S3 instance's own APP_URL and needs no session.
    expect(new URL(entry.images[0]!).origin).toBe(new URL(testEnv.s3Url).origin);
    const res = await fetch(entry.images[0]!, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("cache-control")).toMatch(/^private\b/);
    const location = new URL(res.headers.get("location")!);
    expect(location.origin).toBe(new URL(testEnv.s3Endpoint).origin);
    const expires = Number(location.searchParams.get("X-Amz-Expires"));
    expect(expires).toBeGreaterThan(0);
    expect(expires).toBeLessThanOrEqual(300);

    const direct = await fetch(location);
    expect(direct.status).toBe(200);
    expect(Buffer.from(await direct.arrayBuffer()).equals(stored)).toBe(true);
  });

  it("are refused to a stranger with 404 and no redirect", async () => {
    const { entry } = await s3Entry();
    const stranger = await signedIn(db);
    const res = await api(unsignedImagePath(entry.images[0]!), { token: stranger.token, base: testEnv.s3Url });
    expectError(res, 404);
    expect(res.headers.get("location")).toBeNull();
  });

  it("stay in the bucket while an earlier version or Recently deleted shows them, and go when deleted for good (docs/decisions/127)", async () => {
    const replaced = await s3Entry();
    const edit = { title: "Edited", content: "Edited", visibility: "private", isAnonymous: "false" };
    expect(
      (
        await putJournal(
          replaced.token,
          replaced.entry.id,
          { ...edit, image: imageBlob(await phonePhoto(200, 100)) },
          testEnv.s3Url,
        )
      ).status,
    ).toBe(200);
    // The replaced photo is the earlier version's.
    expect(await bucket.objectExists(replaced.key)).toBe(true);
    const newKey = (await journalRow(db, replaced.entry.id))!.imageKey!;
    expect(await bucket.objectExists(newKey)).toBe(true);

    expect(
      (await putJournal(replaced.token, replaced.entry.id, { ...edit, removeImage: "true" }, testEnv.s3Url)).status,
    ).toBe(200);
    expect(await bucket.objectExists(newKey)).toBe(true);
    // The page deleted, then deleted for good: its versions and their photos go from the bucket.
    for (const path of [`/api/journals/${replaced.entry.id}`, `/api/journals/deleted/${replaced.entry.id}`])
      expect((await api(path, { method: "DELETE", token: replaced.token, base: testEnv.s3Url })).status).toBe(200);
    expect(await bucket.objectExists(replaced.key)).toBe(false);
    expect(await bucket.objectExists(newKey)).toBe(false);

    const deleted = await s3Entry();
    const res = await api(`/api/journals/${deleted.entry.id}`, {
      method: "DELETE",
      token: deleted.token,
      base: testEnv.s3Url,
    });
    expect(res.status).toBe(200);
    expect(await bucket.objectExists(deleted.key)).toBe(true);
    const restored = await api<{ journal: { images: string[] } }>(`/api/journals/deleted/${deleted.entry.id}/restore`, {
      method: "POST",
      token: deleted.token,
      base: testEnv.s3Url,
    });
    expect(restored.status).toBe(200);
    expect((await fetch(restored.body.journal.images[0]!)).status).toBe(200);
  });

  it("refuse a non-image with 415 and create nothing", async () => {
    const { user, token } = await signedIn(db);
    expectError(
      await postJournal(token, entryFields({ image: imageBlob(Buffer.from("%PDF-1.7 not a photo")) }), testEnv.s3Url),
      415,
    );
    expect(await journalRows(db, user.id)).toEqual([]);
  });

  it("are allowed by the pages' Content-Security-Policy (img-src names the S3 endpoint)", async () => {
    const res = await fetch(`${testEnv.s3Url}/login`);
    const imgSrc = res.headers
      .get("content-security-policy")!
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("img-src"));
    expect(imgSrc!.split(" ")).toContain(new URL(testEnv.s3Endpoint).origin);
    const local = await fetch(`${testEnv.baseUrl}/login`);
    expect(local.headers.get("content-security-policy")).toContain(
      `img-src 'self' blob: data: ${new URL(testEnv.baseUrl).origin};`,
    );
  });
});
