import localFont from "next/font/local";

// Local files from @fontsource packages: nothing is downloaded at build or run time. Only the faces
// our classes ask for (docs/decisions/015): Inter 400 and 600 (font-semibold), Lora 600 for
// headings and Lora 400 for diary pages. Italic and other weights are left to the browser.
const sans = localFont({
  variable: "--font-inter",
  display: "swap",
  // globals.css has the fallback face, with the Linux names next/font's local(Arial) misses.
  adjustFontFallback: false,
  src: [
    { path: "../node_modules/@fontsource/inter/files/inter-latin-400-normal.woff2", weight: "400", style: "normal" },
    { path: "../node_modules/@fontsource/inter/files/inter-latin-600-normal.woff2", weight: "600", style: "normal" },
  ],
});

// Lora comes in two calls because next/font preloads per call: the heading face is on every page's
// first paint, the text face only on diary pages, where the browser fetches it when text needs it.
// Both declare the family "Inkwell Lora", which globals.css names itself (next/font's variable
// would name each call's own family, and a 400 text would then take the 600 face). The exports are
// there for their @font-face rules; nothing reads them. next/font takes literals only, hence the
// repetition.
export const loraHeadings = localFont({
  display: "swap",
  declarations: [{ prop: "font-family", value: "Inkwell Lora" }],
  adjustFontFallback: false,
  src: [{ path: "../node_modules/@fontsource/lora/files/lora-latin-600-normal.woff2", weight: "600", style: "normal" }],
});

export const loraText = localFont({
  display: "swap",
  declarations: [{ prop: "font-family", value: "Inkwell Lora" }],
  adjustFontFallback: false,
  preload: false,
  src: [{ path: "../node_modules/@fontsource/lora/files/lora-latin-400-normal.woff2", weight: "400", style: "normal" }],
});

/** The class on <html> that defines --font-inter (globals.css builds the sans stack on it). */
export const fontVariables = sans.variable;
