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
