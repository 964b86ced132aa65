import { IMAGE_MAX_BYTES, dimensionProblem } from "@/lib/images/limits.mjs";
import {
  IMAGE_ASPECT_RATIO_MESSAGE,
  IMAGE_DAMAGED_MESSAGE,
  IMAGE_SIDE_TOO_LONG_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  IMAGE_UNSUPPORTED_MESSAGE,
} from "@/lib/images/messages";

// The server's image rules (docs/api.md "Conventions"), checked before anything is sent, with its
// words. A photo over 5 MB is made smaller here first (./photo-shrink.ts, loaded only then;
// docs/decisions/126-big-photos-made-smaller-in-the-browser.md).

/** The types the server accepts, for the file picker's `accept`. */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic,image/heif,.heic,.heif";
const TYPES = new Set(PHOTO_ACCEPT.split(",").filter((t) => t.startsWith("image/")));

/** A HEIC photo's file name. */
const HEIC_NAME = /\.(heic|heif)$/i;

function isHeic(file: File): boolean {
  return /^image\/hei[cf]$/.test(file.type) || HEIC_NAME.test(file.name);
}

/** Browsers often give HEIC photos no type at all: the name is all there is to go on. */
function isPhotoFile(file: File): boolean {
  if (TYPES.has(file.type)) return true;
  return (file.type === "" || file.type === "application/octet-stream") && HEIC_NAME.test(file.name);
}

/** A file larger than this is refused without being opened: no camera's photo comes near it. */
export const SHRINK_INPUT_MAX_BYTES = 64 * 1024 * 1024;

export interface CheckedPhoto {
  file: File;
  url: string;
  /** The chosen file's size when it was made smaller to fit (`file` is the smaller JPEG). */
  shrunkFrom?: number;
  /** Known when the browser can read the picture (not HEIC in most browsers): the preview keeps its shape. */
  size: { width: number; height: number } | null;
}

/** Width and height from the picture's header; the browser decodes nothing until it is drawn. */
function readSize(url: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img.naturalWidth > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : null);
    img.onerror = () => resolve(null);
    img.src = url;
  });
}

const DIMENSION_MESSAGES = {
  "too-many-pixels": IMAGE_TOO_MANY_PIXELS_MESSAGE,
  "side-too-long": IMAGE_SIDE_TOO_LONG_MESSAGE,
  "aspect-ratio": IMAGE_ASPECT_RATIO_MESSAGE,
} as const;

/** The photo ready for a preview (a blob: URL the caller must revoke), or the server's message for why it would be refused. */
export async function checkPhoto(
  file: File,
): Promise<{ ok: true; photo: CheckedPhoto } | { ok: false; message: string }> {
  if (!isPhotoFile(file)) return { ok: false, message: IMAGE_UNSUPPORTED_MESSAGE };
  let chosen = file;
  if (file.size > IMAGE_MAX_BYTES) {
    if (file.size > SHRINK_INPUT_MAX_BYTES) return { ok: false, message: IMAGE_TOO_LARGE_MESSAGE };
    // Its header first: a picture the server would refuse for its size in pixels is not decoded.
    const problem = await problemOf(file);
    if (problem) return { ok: false, message: DIMENSION_MESSAGES[problem] };
    const { shrinkPhoto, PHOTO_NOT_SHRUNK_MESSAGE } = await import("./photo-shrink");
    const smaller = await shrinkPhoto(file);
    // HEIC opens only in Safari; anything else this browser cannot open is damaged, as the server would say.
    if (!smaller) return { ok: false, message: isHeic(file) ? PHOTO_NOT_SHRUNK_MESSAGE : IMAGE_DAMAGED_MESSAGE };
    chosen = smaller;
  }
  const url = URL.createObjectURL(chosen);
  const size = await readSize(url);
  const problem = size ? dimensionProblem(size) : null;
  if (problem) {
    URL.revokeObjectURL(url);
    return { ok: false, message: DIMENSION_MESSAGES[problem] };
  }
  return { ok: true, photo: { file: chosen, url, size, ...(chosen !== file ? { shrunkFrom: file.size } : {}) } };
}

/** The server's objection to the picture's width and height, read from its header; null when none or unreadable. */
async function problemOf(file: File) {
  const url = URL.createObjectURL(file);
  try {
    const size = await readSize(url);
    return size ? dimensionProblem(size) : null;
  } finally {
    URL.revokeObjectURL(url);
  }
}
