// heic-decode ships no types; this is the part of its API that lib/images/image-worker.mjs uses.
declare module "heic-decode" {
  interface DecodedHeic {
    width: number;
    height: number;
    /** RGBA, 8 bits per channel. */
    data: Uint8ClampedArray;
  }
  interface HeicImage {
    width: number;
    height: number;
    decode(): Promise<DecodedHeic>;
  }
  interface Decode {
    (input: { buffer: Uint8Array }): Promise<DecodedHeic>;
    /** The file's top-level images with their sizes, none decoded yet; `dispose` frees them all. */
    all(input: { buffer: Uint8Array }): Promise<HeicImage[] & { dispose(): void }>;
  }
  const decode: Decode;
  export default decode;
}
