// heic-decode ships no types; this is the part of its API that lib/images/decode-heic.ts uses.
declare module "heic-decode" {
  interface DecodedHeic {
    width: number;
    height: number;
    /** RGBA, 8 bits per channel. */
    data: Uint8ClampedArray;
  }
  export default function decode(input: { buffer: Uint8Array }): Promise<DecodedHeic>;
}
