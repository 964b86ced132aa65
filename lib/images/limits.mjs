// @ts-check
// The limits of lib/images, in plain JavaScript so that the TypeScript around it (bundled by Next)
// and the worker thread that decodes (loaded by path at run time, see
// docs/decisions/010-image-worker-pool.md) share one copy.

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Refused before decoding: a 20 000 × 20 000 PNG is a few hundred KB but 1.6 GB of pixels. */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** Refused before decoding: a 10 000 000 × 5 PNG is 48 KB and "only" 50 MP, yet took 11.7 s and 1.5 GB. */
export const IMAGE_MAX_SIDE = 12_000;
/** Longer side over shorter side. A phone panorama is about 4 to 8; beyond this it is not a photo. */
export const IMAGE_MAX_ASPECT_RATIO = 50;
export const ENTRY_IMAGE_MAX_SIDE = 1600;
export const PROFILE_IMAGE_SIDE = 400;
export const IMAGE_WEBP_QUALITY = 82;
/**
 * libwebp's effort (0–6, sharp's default 4). 2 encodes a 12 MP photo's 1600 px WebP in about half
 * the time of 4 at about the same size (docs/performance/archive/2026-11-22-memory-photos-and-the-pdf.md).
 */
export const IMAGE_WEBP_EFFORT = 2;
/**
 * An entry photo's full-size copy, kept for the export (docs/decisions/129): a JPEG near what a
 * camera writes, or a WebP for a photo with transparency.
 */
export const FULL_JPEG_QUALITY = 90;
export const FULL_WEBP_QUALITY = 90;
/** A photo in the journal's PDF: about 180 dpi across an A4 page's text column, as JPEG (PDF has no WebP). */
export const PRINT_IMAGE_MAX_SIDE = 1000;
export const PRINT_JPEG_QUALITY = 80;
/** Stops a pathological file (e.g. a JPEG with thousands of progressive scans) from hogging a CPU. */
export const IMAGE_PROCESS_TIMEOUT_SECONDS = 20;

/** @typedef {"too-many-pixels" | "side-too-long" | "aspect-ratio"} DimensionProblem */

/**
 * What is wrong with an image of this size, judged from its header before any decoding; null when
 * nothing is. The order matters only for the message: pixels, then the longer side, then the shape.
 * @param {{ width: number; height: number }} size
 * @returns {DimensionProblem | null}
 */
export function dimensionProblem({ width, height }) {
  const longer = Math.max(width, height);
  const shorter = Math.min(width, height);
  if (width * height > IMAGE_MAX_PIXELS) return "too-many-pixels";
  if (longer > IMAGE_MAX_SIDE) return "side-too-long";
  if (longer > shorter * IMAGE_MAX_ASPECT_RATIO) return "aspect-ratio";
  return null;
}
