import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ConfigError, loadConfig } from "../../lib/config";
import { ValidationError } from "../../lib/errors";
import {
  createLocalStorage,
  createS3Storage,
  createStorage,
  newImageKey,
  type S3StorageOptions,
  type Storage,
} from "../../lib/storage";
import { S3RVER_CREDENTIALS, startS3rver } from "../../scripts/test/s3rver";

// One contract, two drivers: local disk in a temp folder, and S3 against s3rver, a real
// S3-compatible server started here on loopback.

const ESCAPING_KEYS = [
  "../escape.webp",
  "entries/../../escape.webp",
  "/tmp/escape.webp",
  "entries\\..\\..\\escape.webp",
  "..\\escape.webp",
  "entries/.hidden.webp",
  "entries/./a.webp",
  "entries//a.webp",
  "%2e%2e/escape.webp",
  "entries/a.webp\0.png",
  "entries",
  "entries/",
  "",
];

const tempDirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error("expected a refusal"),
    (err: unknown) => err,
  );
}

function storageContract(storage: () => Storage) {
  it("stores, reads back and deletes an object", async () => {
    const key = newImageKey({ kind: "entries" });
    const data = randomBytes(200_000);
    await storage().putObject({ key, data, contentType: "image/webp" });

    const got = await storage().getObject({ key });
    expect(got).toMatchObject({ contentType: "image/webp", size: data.length });
    expect(Buffer.compare(Buffer.from(got!.body), data)).toBe(0);

    await storage().deleteObject({ key });
    expect(await storage().getObject({ key })).toBeNull();
    await storage().deleteObject({ key }); // deleting twice is fine
  });

  it("replaces an object put again under the same key", async () => {
    const key = newImageKey({ kind: "profiles", ownerId: randomUUID() });
    await storage().putObject({ key, data: Buffer.from("first"), contentType: "image/webp" });
    await storage().putObject({ key, data: Buffer.from("second"), contentType: "image/webp" });
    expect((await storage().getObject({ key }))?.body.toString()).toBe("second");
  });

  it("answers null for a key that was never stored", async () => {
    expect(await storage().getObject({ key: newImageKey({ kind: "entries" }) })).toBeNull();
  });

  it.each(ESCAPING_KEYS)("refuses the key %j for put, get and delete", async (key) => {
    const s = storage();
    for (const attempt of [
      s.putObject({ key, data: Buffer.from("x"), contentType: "image/webp" }),
      s.getObject({ key }),
      s.deleteObject({ key }),
    ]) {
      expect(await rejection(attempt)).toBeInstanceOf(ValidationError);
    }
  });

  it.each(["", "profiles", "/profiles/", "../", "profiles/../", "profiles//"])(
    "refuses to list the prefix %j",
    async (prefix) => {
      const attempt = (async () => {
        for await (const object of storage().listObjects({ prefix })) void object;
      })();
      expect(await rejection(attempt)).toBeInstanceOf(ValidationError);
    },
  );

  it("refuses to store an object under a key whose extension says another type", async () => {
    const attempt = storage().putObject({
      key: newImageKey({ kind: "entries" }),
      data: Buffer.from("x"),
      contentType: "image/png",
    });
    expect(await rejection(attempt)).toBeInstanceOf(Error);
  });
}

function listingContract(storage: () => Storage) {
  it("lists the objects under a folder, with when each was written, and nothing outside it", async () => {
    const ownerId = randomUUID();
    const keys = [newImageKey({ kind: "profiles", ownerId }), newImageKey({ kind: "profiles", ownerId })];
    const before = Date.now() - 60_000;
    for (const key of keys) await storage().putObject({ key, data: Buffer.from(key), contentType: "image/webp" });
    await storage().putObject({
      key: newImageKey({ kind: "profiles", ownerId: randomUUID() }),
      data: Buffer.from("x"),
      contentType: "image/webp",
    });

    const listed = [];
    for await (const object of storage().listObjects({ prefix: `profiles/${ownerId}/` })) listed.push(object);
    expect(listed.map((o) => o.key).sort()).toEqual([...keys].sort());
    for (const { lastModified } of listed) expect(lastModified.getTime()).toBeGreaterThan(before);

    const nothing = [];
    for await (const object of storage().listObjects({ prefix: `profiles/${randomUUID()}/` })) nothing.push(object);
    expect(nothing).toEqual([]);
  });
}

describe("newImageKey", () => {
  it("makes a fresh UUID-based WebP key in the given folder", () => {
    const keys = new Set(Array.from({ length: 100 }, () => newImageKey({ kind: "entries" })));
    expect(keys.size).toBe(100);
    for (const key of keys)
      expect(key).toMatch(/^entries\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.webp$/);
    const ownerId = randomUUID();
    expect(newImageKey({ kind: "profiles", ownerId })).toMatch(
      new RegExp(`^profiles/${ownerId}/[0-9a-f-]{36}\\.webp$`),
    );
  });
});

describe("local disk storage", () => {
  const parent = tempDir("inkwell-local-");
  const rootDir = path.join(parent, "uploads");
  const local = createLocalStorage({ rootDir });

  storageContract(() => local);
  listingContract(() => local);

  it("keeps one plain file per key and leaves no temp file behind", async () => {
    const key = newImageKey({ kind: "entries" });
    await local.putObject({ key, data: Buffer.from("photo"), contentType: "image/webp" });
    expect(fs.readFileSync(path.join(rootDir, key), "utf8")).toBe("photo");
    expect(fs.readdirSync(path.dirname(path.join(rootDir, key))).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("lists across nested folders, leaving out temp files and names that are not keys", async () => {
    const key = newImageKey({ kind: "entries" });
    await local.putObject({ key, data: Buffer.from("photo"), contentType: "image/webp" });
    fs.writeFileSync(path.join(rootDir, "entries", ".half-written.webp.tmp"), "x");
    fs.writeFileSync(path.join(rootDir, "entries", "notes.txt"), "x");
    const ownerId = randomUUID();
    const nested = newImageKey({ kind: "profiles", ownerId });
    await local.putObject({ key: nested, data: Buffer.from("face"), contentType: "image/webp" });

    const entries = [];
    for await (const object of local.listObjects({ prefix: "entries/" })) entries.push(object.key);
    expect(entries).toContain(key);
    expect(entries.every((k) => /^entries\/[0-9a-f-]{36}\.webp$/.test(k))).toBe(true);
    const profiles = [];
    for await (const object of local.listObjects({ prefix: "profiles/" })) profiles.push(object.key);
    expect(profiles).toContain(nested);
  });

  it("never writes outside its folder", async () => {
    for (const key of ESCAPING_KEYS)
      await rejection(local.putObject({ key, data: Buffer.from("x"), contentType: "image/webp" }));
    expect(fs.readdirSync(parent)).toEqual(["uploads"]);
    expect(fs.existsSync(path.join(os.tmpdir(), "escape.webp"))).toBe(false);
  });

  it("lets readers see the old object or the new one, never part of one", async () => {
    const key = newImageKey({ kind: "entries" });
    const size = 4 * 1024 * 1024;
    await local.putObject({ key, data: Buffer.alloc(size, "a"), contentType: "image/webp" });
    const writes = Promise.all(
      ["b", "c", "d"].map((fill) =>
        local.putObject({ key, data: Buffer.alloc(size, fill), contentType: "image/webp" }),
      ),
    );
    const reads = await Promise.all(Array.from({ length: 30 }, () => local.getObject({ key })));
    await writes;
    for (const read of reads) {
      expect(read?.size).toBe(size);
      const first = read!.body[0]!;
      expect(read!.body.every((byte) => byte === first)).toBe(true);
    }
  });
});

describe("S3-compatible storage (s3rver on loopback)", () => {
  const bucket = "inkwell-test";
  let server: Awaited<ReturnType<typeof startS3rver>>;
  let options: S3StorageOptions;
  let s3: Storage;

  beforeAll(async () => {
    server = await startS3rver({ directory: tempDir("inkwell-s3rver-"), bucket });
    options = {
      bucket,
      region: "us-east-1",
      endpoint: server.endpoint,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    };
    s3 = createS3Storage(options);
  });

  afterAll(async () => {
    await server?.stop();
  });

  storageContract(() => s3);

  it("presigns a short-lived URL that a plain fetch can read, marked private", async () => {
    const key = newImageKey({ kind: "entries" });
    const data = randomBytes(50_000);
    await s3.putObject({ key, data, contentType: "image/webp" });

    const url = await s3.presignGet!({ key, expiresInSeconds: 60 });
    expect(url).toContain(`/${bucket}/${key}?`);
    expect(url).toContain("X-Amz-Expires=60");
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("private");
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), data)).toBe(0);

    // The signature covers the key: the same URL cannot read another (existing) object.
    const other = newImageKey({ kind: "entries" });
    await s3.putObject({ key: other, data, contentType: "image/webp" });
    const forged = new URL(url);
    forged.pathname = `/${bucket}/${other}`;
    expect((await fetch(forged)).status).toBe(403);
  });

  it("refuses requests signed with the wrong secret", async () => {
    const wrong = createS3Storage({
      ...options,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "not-the-secret" },
    });
    expect(await rejection(wrong.getObject({ key: newImageKey({ kind: "entries" }) }))).toMatchObject({
      name: "SignatureDoesNotMatch",
    });
  });

  it("lets a presigned URL expire", async () => {
    const key = newImageKey({ kind: "entries" });
    await s3.putObject({ key, data: Buffer.from("soon gone"), contentType: "image/webp" });
    // Signed a minute ago for one second (a fake clock while signing), instead of waiting it out.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 60_000 });
    const url = await s3.presignGet!({ key, expiresInSeconds: 1 }).finally(() => vi.useRealTimers());
    expect((await fetch(url)).status).toBe(403);
    expect((await fetch(await s3.presignGet!({ key, expiresInSeconds: 3600 }))).status).toBe(200);
  });

  describe("listing (on an s3rver that lets bucket-level signatures pass: scripts/test/s3rver.ts)", () => {
    let lenient: Awaited<ReturnType<typeof startS3rver>>;
    let listing: Storage;
    beforeAll(async () => {
      lenient = await startS3rver({
        directory: tempDir("inkwell-s3rver-list-"),
        bucket,
        allowMismatchedSignatures: true,
      });
      listing = createS3Storage({ ...options, endpoint: lenient.endpoint });
    });
    afterAll(async () => {
      await lenient?.stop();
    });

    listingContract(() => listing);
  });

  it("is what createStorage picks when S3_BUCKET is set, and local disk otherwise", async () => {
    const dataDir = tempDir("inkwell-data-");
    const fromConfig = (env: Record<string, string>) =>
      createStorage({ config: loadConfig({ DATA_DIR: dataDir, ...env }) });
    const key = newImageKey({ kind: "entries" });

    const viaS3 = fromConfig({
      S3_BUCKET: bucket,
      S3_ENDPOINT: options.endpoint!,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    });
    await viaS3.putObject({ key, data: Buffer.from("in the bucket"), contentType: "image/webp" });
    expect((await s3.getObject({ key }))?.body.toString()).toBe("in the bucket");
    expect(fs.existsSync(path.join(dataDir, "uploads"))).toBe(false);

    for (const env of [{}, { S3_BUCKET: "" }] as Record<string, string>[]) {
      const local = fromConfig(env);
      await local.putObject({ key, data: Buffer.from("on disk"), contentType: "image/webp" });
      expect(fs.readFileSync(path.join(dataDir, "uploads", key), "utf8")).toBe("on disk");
      expect(local.presignGet).toBeUndefined();
    }

    expect(() => fromConfig({ S3_BUCKET: bucket, S3_ACCESS_KEY_ID: "only-the-id" })).toThrow(ConfigError);
  });
});
