import "server-only";

/** The upload formats Inkwell accepts; `heif` covers both HEIC (HEVC) and AVIF (AV1). */
export type ImageFormat = "jpeg" | "png" | "webp" | "gif" | "heif";

// ISO-BMFF brands of HEIF files: HEIC (HEVC-coded) and AVIF (AV1-coded). `mif1`/`msf1` are the
// generic brands that iPhones and libheif put first; sharp's metadata then tells which codec it is.
const HEIF_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis"]);

function ascii(data: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...data.subarray(start, end));
}

function hasHeifBrand(data: Uint8Array): boolean {
  if (data.length < 16 || ascii(data, 4, 8) !== "ftyp") return false;
  const boxSize = Math.min(((data[0]! << 24) | (data[1]! << 16) | (data[2]! << 8) | data[3]!) >>> 0, data.length);
  // Major brand at 8, minor version at 12, then compatible brands to the end of the box.
  for (let at = 8; at + 4 <= boxSize; at += at === 8 ? 8 : 4) {
    if (HEIF_BRANDS.has(ascii(data, at, at + 4))) return true;
  }
  return false;
}

/**
 * The format of an upload judged by its first bytes only, never by its name or declared type.
 * A whitelist: sharp also decodes SVG, TIFF, PDF and more, which we never want to hand to it.
 */
export function detectImageFormat({ data }: { data: Uint8Array }): ImageFormat | null {
  const at = (i: number) => data[i];
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "jpeg";
  if (data.length >= 8 && ascii(data, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (data.length >= 6 && /^GIF8[79]a$/.test(ascii(data, 0, 6))) return "gif";
  if (data.length >= 12 && ascii(data, 0, 4) === "RIFF" && ascii(data, 8, 12) === "WEBP") return "webp";
  if (hasHeifBrand(data)) return "heif";
  return null;
}
