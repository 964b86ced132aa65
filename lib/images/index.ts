import "server-only";
import sharp, { type Metadata } from "sharp";
import { HttpError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "@/lib/errors";
import { detectImageFormat } from "./detect-format";
import { IMAGE_MAX_BYTES, dimensionProblem } from "./limits.mjs";
import {
  IMAGE_ASPECT_RATIO_MESSAGE,
  IMAGE_DAMAGED_MESSAGE,
  IMAGE_SIDE_TOO_LONG_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  IMAGE_UNSUPPORTED_MESSAGE,
} from "./messages";
import { imagePool, type ImageHeader, type ImageJob, type ImageJobResult } from "./pool";

// Every uploaded image goes through here before it is stored: accepted by content only, checked
// by its header, then decoded, turned upright, stripped of all metadata (EXIF, GPS, camera, XMP,
// ICC), bounded and re-encoded in a worker thread (./image-worker.mjs). See docs/api.md "Conventions" and
// docs/decisions/005-image-storage.md, 010-image-worker-pool.md.

export { IMAGE_BUSY_RETRY_SECONDS } from "./pool";

export interface ProcessedImage {
  data: Buffer;
  contentType: "image/webp" | "image/jpeg";
  width: number;
  height: number;
}

export interface ProcessedEntryImage extends ProcessedImage {
  /**
   * A photo larger than it is shown: its copy at full size (upright and stripped, a JPEG, or a WebP
   * with transparency), which the export carries (docs/decisions/129).
   */
  full?: ProcessedImage;
}

/** An entry photo: at most 1600 px on its long side, never enlarged, and its full-size copy when larger. */
export async function processEntryImage({ data }: { data: Uint8Array }): Promise<ProcessedEntryImage> {
  const header = await readHeader(data);
  const result = await imagePool().run({ shape: "entry", data, header });
  if (!result.ok) throw refusal(result);
  const full = result.full;
  return {
    ...processed(result, "image/webp"),
    ...(full && { full: processed(full, full.format === "jpeg" ? "image/jpeg" : "image/webp") }),
  };
}

/** A profile picture: a centred square, 400 × 400 or the short side of a smaller image. */
export function processProfileImage({ data }: { data: Uint8Array }): Promise<ProcessedImage> {
  return processImage(data, "profile");
}

/**
 * A stored entry photo for the journal's PDF: a JPEG of at most 1000 px on its long side, made in
 * the worker pool like an upload (and refused with 503 like one when the pool is full).
 */
export function printEntryImage({ data }: { data: Uint8Array }): Promise<ProcessedImage> {
  return processImage(data, "print");
}

async function processImage(data: Uint8Array, shape: Exclude<ImageJob["shape"], "entry">): Promise<ProcessedImage> {
  const header = await readHeader(data);
  const result = await imagePool().run({ shape, data, header });
  if (!result.ok) throw refusal(result);
  return processed(result, shape === "print" ? "image/jpeg" : "image/webp");
}

function processed(
  result: { data: Uint8Array; width: number; height: number },
  contentType: ProcessedImage["contentType"],
): ProcessedImage {
  return {
    data: Buffer.from(result.data.buffer, result.data.byteOffset, result.data.byteLength),
    contentType,
    width: result.width,
    height: result.height,
  };
}

/**
 * Size, format and header checks, all before any pixel is decoded (413/415/400). sharp reads only
 * the header here, HEIC included even when it cannot decode HEVC; its own limitInputPixels is off
 * for this read only, so that a bomb gets the clear message below.
 */
async function readHeader(data: Uint8Array): Promise<ImageHeader> {
  if (data.byteLength > IMAGE_MAX_BYTES) throw new PayloadTooLargeError(IMAGE_TOO_LARGE_MESSAGE);
  const format = detectImageFormat({ data });
  if (!format) throw new UnsupportedMediaTypeError(IMAGE_UNSUPPORTED_MESSAGE);
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw damaged(err);
  }
  if (meta.format !== format) throw new UnsupportedMediaTypeError(IMAGE_UNSUPPORTED_MESSAGE);
  if (!meta.width || !meta.height) throw new ValidationError(IMAGE_DAMAGED_MESSAGE);
  const header = {
    format,
    width: meta.width,
    height: meta.height,
    compression: meta.compression,
    hasAlpha: meta.hasAlpha,
  };
  const problem = dimensionProblem(header);
  if (problem) throw refusal({ ok: false, problem });
  return header;
}

function refusal(result: Extract<ImageJobResult, { ok: false }>): HttpError {
  switch (result.problem) {
    case "too-many-pixels":
      return new PayloadTooLargeError(IMAGE_TOO_MANY_PIXELS_MESSAGE);
    case "side-too-long":
      return new PayloadTooLargeError(IMAGE_SIDE_TOO_LONG_MESSAGE);
    case "aspect-ratio":
      return new ValidationError(IMAGE_ASPECT_RATIO_MESSAGE);
    case "damaged":
      return damaged(new Error(result.detail));
  }
}

function damaged(err: unknown): ValidationError {
  const error = new ValidationError(IMAGE_DAMAGED_MESSAGE);
  error.cause = err;
  return error;
}
