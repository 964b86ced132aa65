import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type FactoryDb } from "../../scripts/seed/factories";
import { testEnv } from "../support/env";
import { testBucket } from "../support/test-bucket";
import { api } from "../support/http";
import { signedIn } from "../support/journals";
import { keyOfUrl, uploadPicture, widePhoto } from "../support/profile-images";

// Profile pictures on the instance that keeps images in S3 (s3rver): stored in the owner's folder,
// served by a redirect to a presigned URL, and a replaced one deleted from the bucket.

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

describe("profile pictures in S3", () => {
  it("redirect to a presigned URL a plain fetch reads, and a replaced picture leaves the bucket", async () => {
    const { user, token } = await signedIn(db);
    const first = await uploadPicture(token, await widePhoto(300, 200), testEnv.s3Url);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const key = keyOfUrl(first.body.imageUrl);
    expect(key.startsWith(`profiles/${user.id}/`)).toBe(true);
    expect(await bucket.objectExists(key)).toBe(true);

    const res = await fetch(first.body.imageUrl, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    const location = res.headers.get("location")!;
    expect(new URL(location).origin).toBe(new URL(testEnv.s3Endpoint).origin);
    const object = await fetch(location);
    expect(object.status).toBe(200);
    expect(object.headers.get("content-type")).toBe("image/webp");

    const put = (profileImage: string | null) =>
      api("/api/myprofile", { method: "PUT", token, body: { profileImage }, base: testEnv.s3Url });
    expect((await put(first.body.imageUrl)).status).toBe(200);
    const second = await uploadPicture(token, await widePhoto(300, 200), testEnv.s3Url);
    expect((await put(second.body.imageUrl)).status).toBe(200);
    expect(await bucket.objectExists(key)).toBe(false);
    expect((await put(null)).status).toBe(200);
    expect(await bucket.objectExists(keyOfUrl(second.body.imageUrl))).toBe(false);
  });
});
