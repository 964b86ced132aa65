// The image routes' refusal (./index.ts): a plain value, for the endpoints' definitions (docs/decisions/107).
export const IMAGE_NOT_FOUND = "Image not found";
