import { ENTRY_IMAGE_MAX_SIDE, IMAGE_MAX_BYTES, IMAGE_WEBP_QUALITY, dimensionProblem } from "@/lib/images/limits.mjs";
import { canvasOf, contextOf, encodeCanvas } from "../canvas";
import {
  IMAGE_ASPECT_RATIO_MESSAGE,
  IMAGE_SIDE_TOO_LONG_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
} from "@/lib/images/messages";

// A locked page's photo as the browser makes it ready for sealing (docs/decisions/115): the server
// receives only ciphertext and can no longer resize or strip it, so this does what lib/images does
// for an entry photo, with the same limits and words; drawn anew on a canvas (../canvas.ts), which
// keeps no metadata.

export const LOCKED_PHOTO_UNREADABLE_MESSAGE =
  "This browser could not open the photo: it may be damaged, or in a format the browser cannot read " +
  "(HEIC photos open only in Safari). Save it as JPEG and choose it again.";
export const LOCKED_PHOTO_ENCODE_MESSAGE = "The photo could not be made ready for the locked page. Please try again.";

/** Why a photo cannot go on a locked page; the message is for the screen, beside the photo field. */
export class LockedPhotoError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "LockedPhotoError";
  }
}

export interface LockedPhoto {
  bytes: Uint8Array;
  type: "image/webp" | "image/jpeg";
  width: number;
  height: number;
}

const DIMENSION_MESSAGES = {
  "too-many-pixels": IMAGE_TOO_MANY_PIXELS_MESSAGE,
  "side-too-long": IMAGE_SIDE_TOO_LONG_MESSAGE,
  "aspect-ratio": IMAGE_ASPECT_RATIO_MESSAGE,
} as const;

/**
 * The photo's bytes as a locked page stores them before sealing: decoded, turned upright (EXIF
 * orientation), its longer side at most ENTRY_IMAGE_MAX_SIDE, re-encoded (WebP; JPEG where the
 * browser cannot encode WebP, e.g. Safari), so no metadata (EXIF, GPS, XMP, ICC comments) survives.
 */
export async function prepareLockedPhoto(file: Blob): Promise<LockedPhoto> {
  if (file.size > IMAGE_MAX_BYTES) throw new LockedPhotoError(IMAGE_TOO_LARGE_MESSAGE);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch (err) {
    throw new LockedPhotoError(LOCKED_PHOTO_UNREADABLE_MESSAGE, { cause: err });
  }
  try {
    // The bitmap is already upright, so its width and height are the ones the page shows.
    const problem = dimensionProblem(bitmap);
    if (problem) throw new LockedPhotoError(DIMENSION_MESSAGES[problem]);
    // Never enlarged, as on the server.
    const scale = Math.min(1, ENTRY_IMAGE_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = canvasOf(width, height);
    const context = contextOf(canvas);
    if (!context) throw new LockedPhotoError(LOCKED_PHOTO_ENCODE_MESSAGE);
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, width, height);

    // The server's WebP quality, and the same number for JPEG.
    const quality = IMAGE_WEBP_QUALITY / 100;
    let blob = await encodeCanvas(canvas, "image/webp", quality);
    if (blob?.type !== "image/webp") {
      // JPEG has no transparency: white behind what was transparent, as the server's print copy.
      context.globalCompositeOperation = "destination-over";
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, width, height);
      blob = await encodeCanvas(canvas, "image/jpeg", quality);
    }
    if (blob?.type !== "image/webp" && blob?.type !== "image/jpeg")
      throw new LockedPhotoError(LOCKED_PHOTO_ENCODE_MESSAGE);
    // Not expected at 1600 px, but the server would refuse the sealed photo.
    if (blob.size > IMAGE_MAX_BYTES) throw new LockedPhotoError(IMAGE_TOO_LARGE_MESSAGE);
    return { bytes: new Uint8Array(await blob.arrayBuffer()), type: blob.type, width, height };
  } finally {
    bitmap.close();
  }
}
