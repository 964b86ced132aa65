import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { createZipWriter } from "../../lib/exports/zip-writer";
import { imageSize } from "../../lib/exports/photo-facts";
import { createLocalStorage, createS3Storage } from "../../lib/storage";
import { S3RVER_CREDENTIALS, startS3rver } from "../../scripts/test/s3rver";
import { readZip } from "../support/zip";

// The export's ZIP writer (lib/exports/zip-writer.ts) into a storage driver: many files added
// lazily, a few queued at a time, streamed into the driver's write.

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the export's ZIP writer", () => {
  it("streams many lazily made files into storage, each whole and in order", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-export-zip-"));
    dirs.push(root);
    const storage = createLocalStorage({ rootDir: root });
    const zip = createZipWriter({ mtime: new Date("2026-01-02T03:04:05Z") });
    const stored = storage.putObjectStream({
      key: "exports/u/x.zip",
      body: zip.output,
      contentType: "application/zip",
    });
    async function* lines() {
      for (let i = 0; i < 50; i += 1) yield `line ${i}\n`;
    }
    await zip.add("first.txt", () => Readable.from(lines()));
    await zip.drained();
    for (let i = 0; i < 40; i += 1)
      await zip.add(`files/${i}.txt`, () => Readable.from([Buffer.from(`file ${i}`)]), { compress: i % 2 === 0 });
    zip.end();
    const size = await stored;
    const data = fs.readFileSync(path.join(root, "exports", "u", "x.zip"));
    expect(size).toBe(data.length);
    const files = await readZip(data);
    expect([...files.keys()]).toEqual(["first.txt", ...Array.from({ length: 40 }, (_, i) => `files/${i}.txt`)]);
    expect(files.get("first.txt")!.toString()).toBe(Array.from({ length: 50 }, (_, i) => `line ${i}\n`).join(""));
    expect(files.get("files/39.txt")!.toString()).toBe("file 39");
  });

  it("fails the stored object, and leaves none, when a file's stream fails", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-export-zip-"));
    dirs.push(root);
    const storage = createLocalStorage({ rootDir: root });
    const zip = createZipWriter({ mtime: new Date() });
    const stored = storage.putObjectStream({
      key: "exports/u/y.zip",
      body: zip.output,
      contentType: "application/zip",
    });
    await zip.add("broken.txt", () => {
      throw new Error("the photo is gone");
    });
    zip.end();
    await expect(stored).rejects.toThrow("the photo is gone");
    expect(fs.readdirSync(path.join(root, "exports", "u"))).toEqual([]);
  });

  it("streams into an S3 bucket in parts, and back out, byte for byte", async () => {
    const bucket = "inkwell-export-zip";
    const server = await startS3rver({
      directory: fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-export-s3-")),
      bucket,
      allowMismatchedSignatures: true,
    });
    try {
      const storage = createS3Storage({
        bucket,
        region: "us-east-1",
        endpoint: server.endpoint,
        forcePathStyle: true,
        credentials: S3RVER_CREDENTIALS,
      });
      // Just over one 8 MiB part, in 64 KiB chunks.
      const chunks = Array.from({ length: 130 }, () => randomBytes(64 * 1024));
      const md5 = (parts: Buffer[]) => parts.reduce((h, p) => h.update(p), createHash("md5")).digest("hex");
      expect(
        await storage.putObjectStream({
          key: "exports/u/z.zip",
          body: Readable.from(chunks),
          contentType: "application/zip",
        }),
      ).toBe(130 * 64 * 1024);
      const back = await storage.getObjectStream({ key: "exports/u/z.zip" });
      const read: Buffer[] = [];
      for await (const chunk of back!.body) read.push(chunk as Buffer);
      expect(md5(read)).toBe(md5(chunks));
      expect(await storage.getObjectStream({ key: "exports/u/none.zip" })).toBeNull();
    } finally {
      await server.stop();
    }
  });

  it("reads the pixel size from a WebP, PNG or GIF header", () => {
    const vp8x = Buffer.alloc(30);
    vp8x.write("RIFF", 0);
    vp8x.write("WEBP", 8);
    vp8x.write("VP8X", 12);
    vp8x.writeUIntLE(1599, 24, 3);
    vp8x.writeUIntLE(1199, 27, 3);
    expect(imageSize(vp8x)).toEqual({ width: 1600, height: 1200 });
    expect(imageSize(Buffer.from("not an image at all, not at all"))).toEqual({ width: 0, height: 0 });
  });
});
