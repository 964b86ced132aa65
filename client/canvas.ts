// Drawing a photo anew in the browser (client/photo-shrink.ts, client/lock/photo.ts): a canvas to
// draw on and its encoding. Drawing the pixels and encoding them again is what strips a file: a
// canvas keeps no EXIF, GPS, XMP or comments.

export type Canvas = OffscreenCanvas | HTMLCanvasElement;

/** An OffscreenCanvas, or a <canvas> element in a browser without one. */
export function canvasOf(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/** Its 2D context; TypeScript cannot pick getContext's "2d" overload on the union of the two canvases. */
export function contextOf(canvas: Canvas): OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null {
  return canvas.getContext("2d") as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
}

/**
 * The canvas encoded as `type`, or null when encoding failed. A browser that cannot encode `type`
 * gives PNG instead: the blob's type tells.
 */
export async function encodeCanvas(canvas: Canvas, type: string, quality: number): Promise<Blob | null> {
  try {
    if ("convertToBlob" in canvas) return await canvas.convertToBlob({ type, quality });
    return await new Promise((resolve) => canvas.toBlob(resolve, type, quality));
  } catch {
    return null;
  }
}

/** `file` decoded upright (its EXIF orientation applied), or null when this browser cannot open it. */
export async function openUpright(file: Blob): Promise<ImageBitmap | null> {
  try {
    return await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
}

/**
 * A canvas to draw a photo on for a JPEG, white where a transparent picture lets it show through (a
 * JPEG keeps no transparency), smoothing at its best; null when this browser gives no 2D context.
 */
export function jpegCanvas(width: number, height: number) {
  const canvas = canvasOf(width, height);
  const context = contextOf(canvas);
  if (!context) return null;
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = "high";
  return { canvas, context };
}

/** An encoded JPEG as a file named after the one chosen: `IMG_2041.HEIC` → `IMG_2041<suffix>.jpg`. */
export function jpegNamedAfter(blob: Blob, chosen: File, suffix = ""): File {
  const name = chosen.name.replace(/\.[^./]*$/, "") || "photo";
  return new File([blob], `${name}${suffix}.jpg`, { type: "image/jpeg", lastModified: chosen.lastModified });
}
