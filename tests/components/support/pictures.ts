import { expect } from "vitest";

// Pictures with something on them, drawn on a canvas and encoded by Chromium itself, so that an
// encoder or a decoder has work to do.

/** A WebP photo: a blue square on a ground of `colour`. */
export async function webp(width: number, height: number, colour: string): Promise<Uint8Array> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d")!;
  context.fillStyle = colour;
  context.fillRect(0, 0, width, height);
  context.fillStyle = "#1d4ed8";
  context.fillRect(width / 4, height / 4, width / 2, height / 2);
  const blob = await canvas.convertToBlob({ type: "image/webp", quality: 0.8 });
  expect(blob.type).toBe("image/webp");
  return new Uint8Array(await blob.arrayBuffer());
}

/** A PNG picture of a gradient, blue to amber. */
export async function gradientPng(width: number, height: number): Promise<Blob> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d")!;
  const gradient = context.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, "#1d4ed8");
  gradient.addColorStop(1, "#f59e0b");
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);
  return canvas.convertToBlob({ type: "image/png" });
}

/** The gradient as a PNG file chosen in the photo field. */
export async function pngFile(width: number, height: number): Promise<File> {
  return new File([await gradientPng(width, height)], "photo.png", { type: "image/png" });
}
