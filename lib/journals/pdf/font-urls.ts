// The journal PDF's font files (docs/decisions/045), the very files the PDF worker registers
// (./font-names.mjs names them for both): a locked diary's PDF is made in the browser
// (client/lock/journal-pdf.ts), which fetches them from our own origin at PDF_FONTS_PATH
// (app/pdf-fonts/[file]/route.ts serves them from node_modules), never from anywhere else. Plain
// data, for the server and the browser alike.

import { DEJAVU_FILES, INTER_SUBSETS, LORA_SUBSETS, PDF_FONT_WEIGHTS, fontsourceFile } from "./font-names.mjs";

export { DEJAVU_FILES, INTER_SUBSETS, LORA_SUBSETS, PDF_FONT_WEIGHTS, fontsourceFile };

/** Where the browser finds the PDF's fonts: `/pdf-fonts/<file>`. */
export const PDF_FONTS_PATH = "/pdf-fonts";

/** Each file served, by its name, and where it is under node_modules. Nothing else is served. */
const FILES: ReadonlyMap<string, string> = new Map([
  ...Object.values(DEJAVU_FILES).map((file) => [file, `dejavu-fonts-ttf/ttf/${file}`] as const),
  ...(
    [
      ["lora", LORA_SUBSETS],
      ["inter", INTER_SUBSETS],
    ] as const
  ).flatMap(([face, subsets]) =>
    subsets.flatMap((subset) =>
      PDF_FONT_WEIGHTS.flatMap((weight) =>
        (face === "lora" ? (["normal", "italic"] as const) : (["normal"] as const)).map((style) => {
          const file = fontsourceFile(face, subset, weight, style);
          return [file, `@fontsource/${face}/files/${file}`] as const;
        }),
      ),
    ),
  ),
]);

/** The file's path under node_modules, or undefined for a name that is not one of the PDF's fonts. */
export function pdfFontModulePath(file: string): string | undefined {
  return FILES.get(file);
}

/** The same-origin URL the browser fetches a font file at. */
export function pdfFontUrl(file: string): string {
  return `${PDF_FONTS_PATH}/${file}`;
}
