import { expect, test } from "vitest";
import { SHRINK_INPUT_MAX_BYTES, checkPhoto } from "@/client/photo-check";
import { PHOTO_NOT_SHRUNK_MESSAGE, SHRUNK_MAX_SIDE } from "@/client/photo-shrink";
import { IMAGE_MAX_BYTES } from "@/lib/images/limits.mjs";
import { IMAGE_DAMAGED_MESSAGE, IMAGE_TOO_LARGE_MESSAGE, IMAGE_TOO_MANY_PIXELS_MESSAGE } from "@/lib/images/messages";

// A camera's photo over 5 MB is made smaller in the browser rather than refused
// (docs/decisions/126-big-photos-made-smaller-in-the-browser.md), with Chromium's own decoder and
// encoder: it runs here because Node has no createImageBitmap or canvas.

/** A photo-like JPEG that does not compress: noise, at the best quality, as a camera's detail is. */
async function noisyJpeg(width: number, height: number): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d")!;
  const pixels = context.createImageData(width, height);
  let seed = 7;
  for (let i = 0; i < pixels.data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels.data[i] = seed & 0xff;
    pixels.data[i + 1] = (seed >> 8) & 0xff;
    pixels.data[i + 2] = (seed >> 16) & 0xff;
    pixels.data[i + 3] = 255;
  }
  context.putImageData(pixels, 0, 0);
  const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 1 });
  return new File([blob], "IMG_2041.JPG", { type: "image/jpeg" });
}

async function decodedSize(file: Blob) {
  const bitmap = await createImageBitmap(file);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

test("a 12 MP photo over 5 MB goes as a JPEG under 5 MB, its shape kept, saying how large it was", async () => {
  const big = await noisyJpeg(4000, 3000);
  expect(big.size).toBeGreaterThan(IMAGE_MAX_BYTES);
  const result = await checkPhoto(big);
  if (!result.ok) throw new Error(result.message);
  const { file, size, shrunkFrom } = result.photo;
  expect(file.type).toBe("image/jpeg");
  expect(file.name).toBe("IMG_2041.jpg");
  expect(file.size).toBeLessThanOrEqual(IMAGE_MAX_BYTES);
  expect(shrunkFrom).toBe(big.size);
  const decoded = await decodedSize(file);
  expect(decoded).toEqual(size);
  expect(Math.max(decoded.width, decoded.height)).toBeLessThanOrEqual(SHRUNK_MAX_SIDE);
  expect(decoded.width / decoded.height).toBeCloseTo(4 / 3, 2);
  URL.revokeObjectURL(result.photo.url);
});

test("a photo under 5 MB goes as it is", async () => {
  const small = await noisyJpeg(800, 600);
  const result = await checkPhoto(small);
  if (!result.ok) throw new Error(result.message);
  expect(result.photo.file).toBe(small);
  expect(result.photo.shrunkFrom).toBeUndefined();
  URL.revokeObjectURL(result.photo.url);
});

test("what cannot be made smaller is refused with why: too large to open, unreadable, HEIC outside Safari, too many pixels", async () => {
  const huge = new File([new Uint8Array(SHRINK_INPUT_MAX_BYTES + 1)], "huge.jpg", { type: "image/jpeg" });
  expect(await checkPhoto(huge)).toEqual({ ok: false, message: IMAGE_TOO_LARGE_MESSAGE });
  const zeros = new Uint8Array(IMAGE_MAX_BYTES + 1);
  expect(await checkPhoto(new File([zeros], "broken.jpg", { type: "image/jpeg" }))).toEqual({
    ok: false,
    message: IMAGE_DAMAGED_MESSAGE,
  });
  expect(await checkPhoto(new File([zeros], "IMG_0001.HEIC", { type: "" }))).toEqual({
    ok: false,
    message: PHOTO_NOT_SHRUNK_MESSAGE,
  });
  // 60 MP of one colour is a small PNG, but the server refuses its pixels: refused before any decoding.
  const canvas = new OffscreenCanvas(10_000, 6_000);
  canvas.getContext("2d")!.fillRect(0, 0, 1, 1);
  const wide = await canvas.convertToBlob({ type: "image/png" });
  const padded = new File([wide, new Uint8Array(IMAGE_MAX_BYTES)], "wide.png", { type: "image/png" });
  expect(await checkPhoto(padded)).toEqual({ ok: false, message: IMAGE_TOO_MANY_PIXELS_MESSAGE });
});
