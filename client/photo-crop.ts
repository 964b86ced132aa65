import { encodeCanvas, jpegCanvas, jpegNamedAfter, openUpright } from "./canvas";

// A profile photo cropped in the browser to the square the person chose (docs/decisions/130): the
// chosen part is drawn anew (upright, without any metadata) and sent as a square JPEG, which the
// server turns into its 400 × 400 picture as it does any upload (lib/images, a centred square of a
// square is the whole of it). The API is unchanged.

/** The chosen square in the upright photo's own pixels (react-easy-crop's croppedAreaPixels). */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The side of the square sent: twice the server's 400, so nothing is lost to its resize. */
export const CROPPED_SIDE_MAX = 800;
const QUALITY = 0.92;

/** `file`'s chosen square as a JPEG of at most CROPPED_SIDE_MAX px; null when this browser cannot open or encode it. */
export async function cropPhoto(file: File, area: CropArea): Promise<File | null> {
  const bitmap = await openUpright(file);
  if (!bitmap) return null;
  try {
    // Whole pixels inside the photo: a crop at its very edge may be a fraction outside.
    const x = clamp(Math.round(area.x), 0, bitmap.width - 1);
    const y = clamp(Math.round(area.y), 0, bitmap.height - 1);
    const sourceSide = Math.max(1, Math.min(Math.round(area.width), bitmap.width - x, bitmap.height - y));
    const side = Math.min(CROPPED_SIDE_MAX, sourceSide);
    // A transparent picture gets white behind it, as a JPEG must.
    const drawing = jpegCanvas(side, side);
    if (!drawing) return null;
    drawing.context.drawImage(bitmap, x, y, sourceSide, sourceSide, 0, 0, side, side);
    const blob = await encodeCanvas(drawing.canvas, "image/jpeg", QUALITY);
    if (blob?.type !== "image/jpeg") return null;
    return jpegNamedAfter(blob, file, "-cropped");
  } finally {
    bitmap.close();
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
