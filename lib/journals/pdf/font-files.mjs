// @ts-check
// The PDF's fonts in the PDF worker thread (./pdf-worker.mjs), read from disk, never fetched
// (docs/decisions/029-journal-pdf.md, 045-journal-pdf-faces-and-tags.md): ./font-registry.mjs names
// and registers them, for the browser too; here they are the files under node_modules.
import path from "node:path";
import { registerFonts } from "./font-registry.mjs";

export { SANS, SERIF } from "./font-names.mjs";

const MODULES = path.join(process.cwd(), "node_modules");

/**
 * Registers the fonts once per worker; resolves to the characters both stacks can draw.
 * @returns {Promise<Int32Array>}
 */
export function registerPdfFonts() {
  return registerFonts({
    dejavu: (file) => path.join(MODULES, "dejavu-fonts-ttf", "ttf", file),
    fontsource: (face, file) => path.join(MODULES, "@fontsource", face, "files", file),
  });
}
