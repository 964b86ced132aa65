// @ts-check
// react-pdf's elements as the journal PDF draws them (./document.mjs, ./formatted.mjs): taking our
// props (`tag`, `tagId`, `alt`) beside their own, which ./tagged.mjs reads; react-pdf's types know
// only their own. And the app's heading weight, bold in the PDF.
import { Image as PdfImage, Link as PdfLink, Text as PdfText, View as PdfView } from "@react-pdf/renderer";

const withTags = (/** @type {unknown} */ component) =>
  /** @type {import("react").ComponentType<Record<string, unknown>>} */ (component);
export const Text = withTags(PdfText);
export const View = withTags(PdfView);
export const Image = withTags(PdfImage);
export const Link = withTags(PdfLink);

/** The app's heading weight (app/fonts.ts: Lora 600, Inter 600), for headings and bold words. */
export const STRONG = 600;
