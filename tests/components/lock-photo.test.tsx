import { afterEach, expect, test, vi } from "vitest";
import {
  LOCKED_PHOTO_UNREADABLE_MESSAGE,
  LockedPhotoError,
  prepareLockedPhoto,
  type LockedPhoto,
} from "@/client/lock/photo";
import { IMAGE_MAX_BYTES } from "@/lib/images/limits.mjs";
import { IMAGE_ASPECT_RATIO_MESSAGE, IMAGE_TOO_LARGE_MESSAGE } from "@/lib/images/messages";
import { contains } from "./support/bytes";

// A locked page's photo as the browser makes it ready for sealing (client/lock/photo.ts): what
// lib/images does on the server for an entry photo, done with Chromium's own decoder and encoder.
// No component: it runs here because Node has no createImageBitmap or canvas. The test images are
// drawn here, and the EXIF one is spliced together by hand.

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const MARKER = "SECRET-GPS-MARKER 59.3293N 18.0686E";

/** A picture with something on it (a gradient and a square), so an encoder has work to do. */
function drawn(width: number, height: number, { transparent = false } = {}): OffscreenCanvas {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d")!;
  if (!transparent) {
    const gradient = context.createLinearGradient(0, 0, width, height);
    gradient.addColorStop(0, "#1d4ed8");
    gradient.addColorStop(1, "#f59e0b");
    context.fillStyle = gradient;
    context.fillRect(0, 0, width, height);
  }
  context.fillStyle = "#dc2626";
  context.fillRect(width / 4, height / 4, width / 2, height / 2);
  return canvas;
}

const jpeg = (width: number, height: number) => drawn(width, height).convertToBlob({ type: "image/jpeg" });
const png = (width: number, height: number, options?: { transparent?: boolean }) =>
  drawn(width, height, options).convertToBlob({ type: "image/png" });

/**
 * An APP1 EXIF segment: a big-endian TIFF header, IFD0 with one entry (Orientation), then the
 * marker, as a camera's GPS block or maker note would sit in the segment.
 */
function exifSegment(orientation: number, marker: string): Uint8Array {
  const tiff = [
    ...[0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08], // "MM", 42, IFD0 at offset 8
    ...[0x00, 0x01], // one entry
    ...[0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00], // Orientation, SHORT, 1
    ...[0x00, 0x00, 0x00, 0x00], // no next IFD
  ];
  const body = [...new TextEncoder().encode("Exif\0\0"), ...tiff, ...new TextEncoder().encode(marker)];
  const length = body.length + 2; // the length counts its own two bytes
  return new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff, ...body]);
}

/** A camera-like JPEG: the segment spliced in right after the start-of-image marker (FFD8). */
async function jpegWithExif(width: number, height: number, orientation: number): Promise<Blob> {
  const plain = new Uint8Array(await (await jpeg(width, height)).arrayBuffer());
  expect([plain[0], plain[1]]).toEqual([0xff, 0xd8]);
  return new Blob([plain.subarray(0, 2), exifSegment(orientation, MARKER) as BlobPart, plain.subarray(2)], {
    type: "image/jpeg",
  });
}

/** What a reader's browser will decode from the prepared bytes. */
async function decoded({ bytes, type }: LockedPhoto) {
  const bitmap = await createImageBitmap(new Blob([bytes as BlobPart], { type }));
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

async function refusal(file: Blob): Promise<LockedPhotoError> {
  const error: unknown = await prepareLockedPhoto(file).then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(LockedPhotoError);
  return error as LockedPhotoError;
}

test("a large photo comes out as WebP, 1600 px on its longer side, its shape kept", async () => {
  const photo = await prepareLockedPhoto(await jpeg(3000, 2000));
  expect(photo.type).toBe("image/webp");
  expect(new TextDecoder().decode(photo.bytes.subarray(8, 12))).toBe("WEBP");
  expect({ width: photo.width, height: photo.height }).toEqual({ width: 1600, height: 1067 });
  expect(await decoded(photo)).toEqual({ width: 1600, height: 1067 });
});

test("the camera's metadata does not survive, and an upright photo stays as it is", async () => {
  const camera = await jpegWithExif(400, 300, 1);
  const marker = new TextEncoder().encode(MARKER);
  expect(contains(new Uint8Array(await camera.arrayBuffer()), marker)).toBe(true);

  const photo = await prepareLockedPhoto(camera);
  expect(photo.type).toBe("image/webp");
  expect(contains(photo.bytes, marker)).toBe(false);
  expect(contains(photo.bytes, new TextEncoder().encode("Exif"))).toBe(false);
  expect(await decoded(photo)).toEqual({ width: 400, height: 300 });
});

test("a photo taken on its side (EXIF orientation 6) is turned upright", async () => {
  const photo = await prepareLockedPhoto(await jpegWithExif(400, 300, 6));
  expect({ width: photo.width, height: photo.height }).toEqual({ width: 300, height: 400 });
  expect(await decoded(photo)).toEqual({ width: 300, height: 400 });
});

test("a small photo is not enlarged", async () => {
  const photo = await prepareLockedPhoto(await png(400, 300));
  expect({ width: photo.width, height: photo.height }).toEqual({ width: 400, height: 300 });
  expect(await decoded(photo)).toEqual({ width: 400, height: 300 });
});

test("what is not a picture is refused, with HEIC and JPEG named", async () => {
  const noise = crypto.getRandomValues(new Uint8Array(4096));
  const error = await refusal(new Blob([noise], { type: "image/jpeg" }));
  expect(error.message).toBe(LOCKED_PHOTO_UNREADABLE_MESSAGE);
  expect(error.message).toMatch(/HEIC.*Safari/);
  expect(error.message).toMatch(/JPEG/);
});

test("a file over 5 MB is refused before it is read", async () => {
  const decode = vi.spyOn(globalThis, "createImageBitmap");
  const error = await refusal(new Blob([new Uint8Array(IMAGE_MAX_BYTES + 1)], { type: "image/jpeg" }));
  expect(error.message).toBe(IMAGE_TOO_LARGE_MESSAGE);
  expect(decode).not.toHaveBeenCalled();
});

test("a picture more than 50 times as long as it is wide is refused", async () => {
  const error = await refusal(await png(1020, 20));
  expect(error.message).toBe(IMAGE_ASPECT_RATIO_MESSAGE);
});

test("where WebP cannot be encoded (Safari) it is JPEG, white where the picture was transparent", async () => {
  // Safari's convertToBlob answers a WebP request with PNG.
  const convert = OffscreenCanvas.prototype.convertToBlob;
  vi.spyOn(OffscreenCanvas.prototype, "convertToBlob").mockImplementation(function (this: OffscreenCanvas, options) {
    const type = options?.type === "image/webp" ? "image/png" : options?.type;
    return convert.call(this, { ...options, type });
  });
  const photo = await prepareLockedPhoto(await png(400, 300, { transparent: true }));
  expect(photo.type).toBe("image/jpeg");
  expect([photo.bytes[0], photo.bytes[1]]).toEqual([0xff, 0xd8]);

  const bitmap = await createImageBitmap(new Blob([photo.bytes as BlobPart], { type: photo.type }));
  const context = new OffscreenCanvas(400, 300).getContext("2d")!;
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  const corner = [...context.getImageData(5, 5, 1, 1).data];
  expect(corner.every((v) => v > 245)).toBe(true); // white, not black
});

test("without OffscreenCanvas a <canvas> element does the work", async () => {
  const camera = await jpegWithExif(2000, 500, 1);
  vi.stubGlobal("OffscreenCanvas", undefined);
  const photo = await prepareLockedPhoto(camera);
  expect(photo.type).toBe("image/webp");
  expect({ width: photo.width, height: photo.height }).toEqual({ width: 1600, height: 400 });
  expect(contains(photo.bytes, new TextEncoder().encode(MARKER))).toBe(false);
});
