import "server-only";
import { createHash } from "node:crypto";
import { fullSizeKeys, type Storage } from "@/lib/storage";
import { photoIdentifier, photoType, type PhotoFacts } from "./formats";

// A photo's md5 and pixel size for Journal.json (Day One names photos by md5), read by streaming
// the stored file once: only its first bytes are kept, for the size in its header.

// A JPEG's size comes after its quantisation tables: about 160 bytes into the ones lib/images writes.
const HEADER_BYTES = 1024;

/** Width and height from a JPEG's frame header (SOF0–SOF15), if it starts within `head`. */
function jpegSize(head: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 <= head.length && head[at] === 0xff) {
    const marker = head[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // SOF markers; 0xC4 (Huffman tables), 0xC8 (reserved) and 0xCC (arithmetic coding) are not frames.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: head.readUInt16BE(at + 5), width: head.readUInt16BE(at + 7) };
    at += 2 + head.readUInt16BE(at + 2);
  }
  return null;
}

/** Width and height from a JPEG, WebP, PNG or GIF header; 0 × 0 for a format whose header says nothing this early. */
export function imageSize(head: Buffer): { width: number; height: number } {
  if (head.length >= 4 && head[0] === 0xff && head[1] === 0xd8) return jpegSize(head) ?? { width: 0, height: 0 };
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

/** A photo the export carries, and the stored file it is. */
export interface ExportedPhoto extends PhotoFacts {
  key: string;
}

/**
 * The facts of an entry's photo as the export carries it: its full-size copy where one was kept
 * (docs/decisions/129), else the photo shown; null when the file is gone (the entry is exported
 * without it).
 */
export async function readPhotoFacts({
  storage,
  id,
  imageKey,
}: {
  storage: Storage;
  id: string;
  imageKey: string;
}): Promise<ExportedPhoto | null> {
  for (const key of [...fullSizeKeys(imageKey), imageKey]) {
    const stored = await storage.getObjectStream({ key });
    if (stored) return readFacts({ body: stored.body, id, imageKey, key });
  }
  return null;
}

async function readFacts({
  body,
  id,
  imageKey,
  key,
}: {
  body: NodeJS.ReadableStream;
  id: string;
  imageKey: string;
  key: string;
}): Promise<ExportedPhoto> {
  const hash = createHash("md5");
  let head = Buffer.alloc(0);
  for await (const chunk of body as AsyncIterable<Buffer>) {
    hash.update(chunk);
    if (head.length < HEADER_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEADER_BYTES - head.length)]);
  }
  return {
    identifier: photoIdentifier({ id, imageKey }),
    md5: hash.digest("hex"),
    // Day One's own name for a JPEG, in Journal.json and the file's name.
    type: key.endsWith(".jpg") ? "jpeg" : photoType(key),
    key,
    ...imageSize(head),
  };
}
