import { registerFonts } from "@/lib/journals/pdf/font-registry.mjs";
import { pdfFontUrl } from "@/lib/journals/pdf/font-urls";

export { printableText } from "@/lib/journals/pdf/fonts";

// The fonts of a locked diary's PDF made in the browser (./journal-pdf.ts): the server's own, named
// and registered by the same code (lib/journals/pdf/font-registry.mjs: the same families, fallback
// order and fixes), from the same files, fetched from our own origin (lib/journals/pdf/font-urls.ts).
// The italics are fetched only when a page has emphasis to draw.

/**
 * Registers the fonts once per tab and loads them from our origin; resolves to the characters both
 * stacks can draw. A failed load (offline) is tried again by the next call.
 */
export async function loadPdfFonts(): Promise<Set<number>> {
  const coverage = await registerFonts({
    dejavu: pdfFontUrl,
    fontsource: (_face, file) => pdfFontUrl(file),
  });
  return new Set(coverage);
}
