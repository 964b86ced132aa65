import { IMAGE_MAX_ASPECT_RATIO, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE } from "./limits.mjs";

// What the server answers when it refuses an image (docs/api.md "Conventions"); the diary's photo picker
// checks the same rules in the browser and shows the same words, so no server-only imports here.

export const IMAGE_TOO_LARGE_MESSAGE = "Image must be 5 MB or smaller";
export const IMAGE_UNSUPPORTED_MESSAGE = "Only JPEG, PNG, WebP, GIF, AVIF or HEIC images are accepted";
export const IMAGE_TOO_MANY_PIXELS_MESSAGE = `Image must be at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`;
export const IMAGE_SIDE_TOO_LONG_MESSAGE = `Image must be at most ${IMAGE_MAX_SIDE} pixels wide and ${IMAGE_MAX_SIDE} pixels high`;
export const IMAGE_ASPECT_RATIO_MESSAGE = `Image is too long and narrow: its longer side may be at most ${IMAGE_MAX_ASPECT_RATIO} times its shorter side`;
export const IMAGE_DAMAGED_MESSAGE = "The image could not be read; it may be damaged or incomplete";
export const IMAGE_BUSY_MESSAGE = "Too many photos are being processed right now. Please try again in a moment.";
