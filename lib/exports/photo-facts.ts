import "server-only";
import { createHash } from "node:crypto";
import type { Storage } from "@/lib/storage";
import { photoIdentifier, photoType, type PhotoFacts } from "./formats";

// A photo's md5 and pixel size for Journal.json (Day One names photos by md5), read by streaming
// the stored file once: only its first bytes are kept, for the size in its header.

const HEADER_BYTES = 64;

/** Width and height from a WebP, PNG or GIF header; 0 × 0 for a format whose header says nothing this early. */
export function imageSize(head: Buffer): { width: number; height: number } {
  if (head.length >= 30 && head.toString("ascii", 0, 4) === "RIFF" && head.toString("ascii", 8, 12) === "WEBP") {
    const chunk = head.toString("ascii", 12, 16);
    if (chunk === "VP8X") return { width: 1 + head.readUIntLE(24, 3), height: 1 + head.readUIntLE(27, 3) };
    if (chunk === "VP8L") {
      const bits = head.readUInt32LE(21);
      return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
    }
    if (chunk === "VP8 ") return { width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff };
  }
  if (head.length >= 24 && head.readUInt32BE(0) === 0x89504e47)
    return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  if (head.length >= 10 && head.toString("ascii", 0, 3) === "GIF")
    return { width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
  return { width: 0, height: 0 };
}

/** The facts of an entry's stored photo, or null when the file is gone (the entry is exported without it). */
export async function readPhotoFacts({
  storage,
  id,
  imageKey,
}: {
  storage: Storage;
  id: string;
  imageKey: string;
}): Promise<PhotoFacts | null> {
  const stored = await storage.getObjectStream({ key: imageKey });
  if (!stored) return null;
  const hash = createHash("md5");
  let head = Buffer.alloc(0);
  for await (const chunk of stored.body as AsyncIterable<Buffer>) {
    hash.update(chunk);
    if (head.length < HEADER_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEADER_BYTES - head.length)]);
  }
  return {
    identifier: photoIdentifier({ id, imageKey }),
    md5: hash.digest("hex"),
    type: photoType(imageKey),
    ...imageSize(head),
  };
}
