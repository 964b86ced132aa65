import "server-only";

/**
 * Decodes an HEVC-coded HEIC (an iPhone photo) to raw RGBA with libheif compiled to WebAssembly.
 *
 * Only a fallback: sharp's prebuilt libvips reads HEIF and AVIF but leaves out the patent-encumbered
 * HEVC decoder, so sharp refuses most HEIC files. libheif applies the file's rotation and mirror
 * boxes while decoding, so the pixels come out upright. Loaded lazily: the module is large and
 * most uploads never need it. The decode runs on the main thread (about a second for 12 MP).
 */
export async function decodeHeic({ data }: { data: Uint8Array }): Promise<{ data: Buffer; width: number; height: number }> {
  const { default: decode } = await import("heic-decode");
  const image = await decode({ buffer: data });
  return {
    data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    width: image.width,
    height: image.height,
  };
}
