import "server-only";
import sharp, { type Metadata, type Sharp } from "sharp";
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "@/lib/errors";
import { decodeHeic } from "./decode-heic";
import { detectImageFormat, type ImageFormat } from "./detect-format";

// Every uploaded image goes through here before it is stored: accepted by content only, decoded,
// turned upright, stripped of all metadata (EXIF, GPS, camera, XMP, ICC), bounded and re-encoded.
// See API.md "Images".

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Refused before decoding: a 20 000 × 20 000 PNG is a few hundred KB but 1.6 GB of pixels. */
export const IMAGE_MAX_PIXELS = 50_000_000;
export const ENTRY_IMAGE_MAX_SIDE = 1600;
export const PROFILE_IMAGE_SIDE = 400;
export const IMAGE_WEBP_QUALITY = 82;
/** Stops a pathological file (e.g. a JPEG with thousands of progressive scans) from hogging a CPU. */
export const IMAGE_PROCESS_TIMEOUT_SECONDS = 20;

export const IMAGE_TOO_LARGE_MESSAGE = "Image must be 5 MB or smaller";
export const IMAGE_UNSUPPORTED_MESSAGE = "Only JPEG, PNG, WebP, GIF, AVIF or HEIC images are accepted";
export const IMAGE_TOO_MANY_PIXELS_MESSAGE = "Image must be at most 50 megapixels";
export const IMAGE_DAMAGED_MESSAGE = "The image could not be read; it may be damaged or incomplete";

export interface ProcessedImage {
  data: Buffer;
  contentType: "image/webp";
  width: number;
  height: number;
}

// Both bounds are squares, so whether the image still has to be turned upright does not matter here.
type Shape = (pipeline: Sharp, size: { width: number; height: number }) => Sharp;

// failOn "warning" turns libjpeg's "premature end of data" into an error, so a truncated upload is
// refused rather than stored with a grey lower half.
const DECODE_OPTIONS = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "warning", sequentialRead: true } as const;

/** An entry photo: at most 1600 px on its long side, never enlarged. */
export function processEntryImage({ data }: { data: Uint8Array }): Promise<ProcessedImage> {
  return processImage(data, (pipeline) =>
    pipeline.resize({ width: ENTRY_IMAGE_MAX_SIDE, height: ENTRY_IMAGE_MAX_SIDE, fit: "inside", withoutEnlargement: true }),
  );
}

/** A profile picture: a centred square, 400 × 400 or the short side of a smaller image. */
export function processProfileImage({ data }: { data: Uint8Array }): Promise<ProcessedImage> {
  return processImage(data, (pipeline, size) => {
    const side = Math.min(PROFILE_IMAGE_SIDE, size.width, size.height);
    return pipeline.resize({ width: side, height: side, fit: "cover", position: "centre" });
  });
}

async function processImage(data: Uint8Array, shape: Shape): Promise<ProcessedImage> {
  if (data.byteLength > IMAGE_MAX_BYTES) throw new PayloadTooLargeError(IMAGE_TOO_LARGE_MESSAGE);
  const format = detectImageFormat({ data });
  if (!format) throw new UnsupportedMediaTypeError(IMAGE_UNSUPPORTED_MESSAGE);
  const meta = await readMetadata(data, format);

  try {
    // pages: 1 (sharp's default, spelled out): an animated GIF or WebP keeps only its first frame.
    return await encode(shape(sharp(data, { ...DECODE_OPTIONS, pages: 1 }).autoOrient(), meta));
  } catch (err) {
    if (format === "heif" && meta.compression === "hevc") return processHeicFallback(data, meta, shape);
    throw damaged(err);
  }
}

/**
 * Reads only the header, so the pixel limit is checked before any decoding. (sharp's own
 * limitInputPixels is off for this read only, so that a bomb gets the clear 413 below.)
 */
async function readMetadata(data: Uint8Array, format: ImageFormat) {
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw damaged(err);
  }
  if (meta.format !== format) throw new UnsupportedMediaTypeError(IMAGE_UNSUPPORTED_MESSAGE);
  if (!meta.width || !meta.height) throw new ValidationError(IMAGE_DAMAGED_MESSAGE);
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw new PayloadTooLargeError(IMAGE_TOO_MANY_PIXELS_MESSAGE);
  return { width: meta.width, height: meta.height, compression: meta.compression, hasAlpha: meta.hasAlpha };
}

async function processHeicFallback(
  data: Uint8Array,
  meta: { hasAlpha?: boolean },
  shape: Shape,
): Promise<ProcessedImage> {
  let decoded: Awaited<ReturnType<typeof decodeHeic>>;
  try {
    decoded = await decodeHeic({ data });
  } catch (err) {
    throw damaged(err);
  }
  const { width, height } = decoded;
  if (width * height > IMAGE_MAX_PIXELS) throw new PayloadTooLargeError(IMAGE_TOO_MANY_PIXELS_MESSAGE);
  // libheif already applied the file's rotation; raw pixels carry no metadata at all.
  const raw = sharp(decoded.data, { raw: { width, height, channels: 4 }, limitInputPixels: IMAGE_MAX_PIXELS });
  return encode(shape(meta.hasAlpha ? raw : raw.removeAlpha(), { width, height }));
}

/**
 * WebP without any metadata: sharp writes no EXIF, XMP or ICC unless asked (no withMetadata),
 * and converts the pixels to sRGB when the input carried another colour profile.
 */
async function encode(pipeline: Sharp): Promise<ProcessedImage> {
  const { data, info } = await pipeline
    .timeout({ seconds: IMAGE_PROCESS_TIMEOUT_SECONDS })
    .webp({ quality: IMAGE_WEBP_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return { data, contentType: "image/webp", width: info.width, height: info.height };
}

function damaged(err: unknown): ValidationError {
  const error = new ValidationError(IMAGE_DAMAGED_MESSAGE);
  error.cause = err;
  return error;
}
