import { ENTRY_IMAGE_MAX_SIDE, IMAGE_MAX_BYTES } from "@/lib/images/limits.mjs";
import { encodeCanvas, jpegCanvas, jpegNamedAfter, openUpright } from "./canvas";

// A camera's photo over the server's 5 MB is made smaller in the browser before it is sent
// (docs/decisions/126-big-photos-made-smaller-in-the-browser.md): drawn upright onto a canvas at its
// own size (at most SHRUNK_MAX_SIDE on its longer side) and encoded as JPEG, smaller and smaller
// until it fits. The canvas keeps no metadata; the server re-encodes it as every photo.

/** The longest side a shrunk photo keeps: a 12 MP phone photo (4 032 × 3 024) keeps all of it. */
export const SHRUNK_MAX_SIDE = 4096;
const QUALITY = 0.88;
/** Each try that is still too large draws the next at this fraction of its sides. */
const STEP = 0.8;

export const PHOTO_NOT_SHRUNK_MESSAGE =
  "This photo is over 5 MB and this browser could not make it smaller (HEIC photos can be made smaller only in Safari). Save it as JPEG and choose it again.";

/**
 * `file` as a JPEG of at most IMAGE_MAX_BYTES, upright, its sides kept as long as that allows (never
 * below ENTRY_IMAGE_MAX_SIDE, what the diary shows); null when the browser cannot open or encode it.
 * The caller has bounded the file (./photo-check.ts's SHRINK_INPUT_MAX_BYTES) and its pixels.
 */
export async function shrinkPhoto(file: File): Promise<File | null> {
  const bitmap = await openUpright(file);
  if (!bitmap) return null;
  try {
    let side = Math.min(SHRUNK_MAX_SIDE, Math.max(bitmap.width, bitmap.height));
    for (;;) {
      const scale = side / Math.max(bitmap.width, bitmap.height);
      const width = Math.max(1, Math.round(bitmap.width * scale));
      const height = Math.max(1, Math.round(bitmap.height * scale));
      // JPEG has no transparency: white behind what was transparent, as the server's print copy.
      const drawing = jpegCanvas(width, height);
      if (!drawing) return null;
      drawing.context.drawImage(bitmap, 0, 0, width, height);
      const blob = await encodeCanvas(drawing.canvas, "image/jpeg", QUALITY);
      if (blob?.type !== "image/jpeg") return null;
      if (blob.size <= IMAGE_MAX_BYTES) return jpegNamedAfter(blob, file);
      if (side <= ENTRY_IMAGE_MAX_SIDE) return null;
      side = Math.max(ENTRY_IMAGE_MAX_SIDE, Math.round(side * STEP));
    }
  } finally {
    bitmap.close();
  }
}
