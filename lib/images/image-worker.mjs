// @ts-check
// Decodes, turns upright, strips and re-encodes one upload, in a worker thread of the pool in
// ./pool.ts. Plain JavaScript loaded by path at run time, because Next bundles the TypeScript
// around it but must not bundle this (docs/decisions/010-image-worker-pool.md). The header was
// already checked on the main thread; the limits are checked again here against what the decoder
// itself reports, in case it reads the file differently.
import sharp from "sharp";
import {
  ENTRY_IMAGE_MAX_SIDE,
  FULL_JPEG_QUALITY,
  FULL_WEBP_QUALITY,
  IMAGE_MAX_PIXELS,
  IMAGE_PROCESS_TIMEOUT_SECONDS,
  IMAGE_WEBP_EFFORT,
  IMAGE_WEBP_QUALITY,
  PRINT_IMAGE_MAX_SIDE,
  PRINT_JPEG_QUALITY,
  PROFILE_IMAGE_SIDE,
  dimensionProblem,
} from "./limits.mjs";

/** @typedef {import("./pool").ImageJob} ImageJob */
/** @typedef {import("./pool").ImageJobResult} ImageJobResult */
/** @typedef {(pipeline: import("sharp").Sharp, size: { width: number; height: number }) => import("sharp").Sharp} Shape */

// One libvips thread per job: the pool's size is then the bound on image work. The operation cache
// only holds memory, since no upload is seen twice. Both are process-wide libvips settings, and
// loading sharp resets the cache, so every worker sets them again as it starts.
sharp.concurrency(1);
sharp.cache(false);

// failOn "warning" turns libjpeg's "premature end of data" into an error, so a truncated upload is
// refused rather than stored with a grey lower half. pages: 1 (sharp's default, spelled out): an
// animated GIF or WebP keeps only its first frame.
const DECODE_OPTIONS = /** @type {const} */ ({
  limitInputPixels: IMAGE_MAX_PIXELS,
  failOn: "warning",
  sequentialRead: true,
  pages: 1,
});

/** @type {Record<ImageJob["shape"], Shape>} */
const SHAPES = {
  // An entry photo: at most 1600 px on its long side, never enlarged.
  entry: (pipeline) =>
    pipeline.resize({
      width: ENTRY_IMAGE_MAX_SIDE,
      height: ENTRY_IMAGE_MAX_SIDE,
      fit: "inside",
      withoutEnlargement: true,
    }),
  // A profile picture: a centred square, 400 × 400 or the short side of a smaller image. Both bounds
  // are squares, so whether the image still has to be turned upright does not matter here.
  profile: (pipeline, size) => {
    const side = Math.min(PROFILE_IMAGE_SIDE, size.width, size.height);
    return pipeline.resize({ width: side, height: side, fit: "cover", position: "centre" });
  },
  // A stored entry photo made smaller for the journal's PDF (lib/journals/pdf), on white where it
  // was transparent, since it becomes a JPEG.
  print: (pipeline) =>
    pipeline
      .resize({ width: PRINT_IMAGE_MAX_SIDE, height: PRINT_IMAGE_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" }),
};

/**
 * @param {ImageJob} job
 * @returns {Promise<ImageJobResult>}
 */
export default async function processImage({ shape, data, header }) {
  try {
    const upright = sharp(data, DECODE_OPTIONS).autoOrient();
    if (shape === "entry") return await encodeEntry(upright, header, !!header.hasAlpha);
    return await encode(SHAPES[shape](upright, header), shape);
  } catch (err) {
    // sharp's prebuilt libvips reads HEIF headers but leaves out the patent-encumbered HEVC decoder.
    if (header.format === "heif" && header.compression === "hevc") return processHeic(data, header, shape);
    return damaged(err);
  }
}

/**
 * An entry photo: the 1600 px WebP every page shows and, for a photo larger than that, its copy at
 * full size for the export (docs/decisions/129): upright and as stripped as the other, a JPEG (a
 * WebP when it has transparency, which JPEG cannot keep). Both come from the same decoded input.
 * @param {import("sharp").Sharp} upright
 * @param {{ width: number; height: number }} size
 * @param {boolean} hasAlpha
 * @returns {Promise<ImageJobResult>}
 */
async function encodeEntry(upright, size, hasAlpha) {
  const shown = await encode(SHAPES.entry(upright.clone(), size), "entry");
  if (!shown.ok || Math.max(size.width, size.height) <= ENTRY_IMAGE_MAX_SIDE) return shown;
  const timed = upright.timeout({ seconds: IMAGE_PROCESS_TIMEOUT_SECONDS });
  const encoded = hasAlpha
    ? timed.webp({ quality: FULL_WEBP_QUALITY, effort: IMAGE_WEBP_EFFORT })
    : timed.jpeg({ quality: FULL_JPEG_QUALITY });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { ...shown, full: { data, width: info.width, height: info.height, format: hasAlpha ? "webp" : "jpeg" } };
}

/**
 * An HEVC-coded HEIC (an iPhone photo) through libheif compiled to WebAssembly. libheif applies
 * the file's rotation and mirror boxes while decoding, so the pixels come out upright. Loaded
 * lazily: the module is large and most uploads never need it.
 * @param {Uint8Array} data
 * @param {{ hasAlpha?: boolean }} header
 * @param {ImageJob["shape"]} shape
 * @returns {Promise<ImageJobResult>}
 */
async function processHeic(data, header, shape) {
  const { all } = (await import("heic-decode")).default;
  /** @type {{ data: Uint8ClampedArray; width: number; height: number }} */
  let decoded;
  try {
    const images = await all({ buffer: data });
    try {
      const [first] = images;
      if (!first) return { ok: false, problem: "damaged", detail: "no image in the HEIF file" };
      // The decoder picks its own image, which need not be the one whose header was checked.
      const problem = dimensionProblem(first);
      if (problem) return { ok: false, problem };
      decoded = await first.decode();
    } finally {
      images.dispose();
    }
  } catch (err) {
    return damaged(err);
  }
  const { width, height } = decoded;
  const pixels = Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength);
  // Raw pixels carry no metadata at all.
  const raw = sharp(pixels, { raw: { width, height, channels: 4 }, limitInputPixels: IMAGE_MAX_PIXELS });
  try {
    const input = header.hasAlpha ? raw : raw.removeAlpha();
    if (shape === "entry") return await encodeEntry(input, { width, height }, !!header.hasAlpha);
    return await encode(SHAPES[shape](input, { width, height }), shape);
  } catch (err) {
    return damaged(err);
  }
}

/**
 * WebP (JPEG for print) without any metadata: sharp writes no EXIF, XMP or ICC unless asked (no
 * withMetadata), and converts the pixels to sRGB when the input carried another colour profile.
 * @param {import("sharp").Sharp} pipeline
 * @param {ImageJob["shape"]} shape
 * @returns {Promise<ImageJobResult>}
 */
async function encode(pipeline, shape) {
  const timed = pipeline.timeout({ seconds: IMAGE_PROCESS_TIMEOUT_SECONDS });
  // The print JPEG is plain libjpeg-turbo: mozjpeg's settings made it about 12 % smaller but took
  // three times as long, and were most of a long journal's PDF time
  // (docs/performance/archive/2026-11-22-memory-photos-and-the-pdf.md).
  const encoded =
    shape === "print"
      ? timed.jpeg({ quality: PRINT_JPEG_QUALITY })
      : timed.webp({ quality: IMAGE_WEBP_QUALITY, effort: IMAGE_WEBP_EFFORT });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { ok: true, data, width: info.width, height: info.height };
}

/**
 * @param {unknown} err
 * @returns {ImageJobResult}
 */
function damaged(err) {
  return { ok: false, problem: "damaged", detail: err instanceof Error ? err.message : String(err) };
}
