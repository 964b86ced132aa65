// @ts-check
// The journal PDF's fonts by name (docs/decisions/045): the families, the files and the fallback
// stacks, plain data for every place that draws or serves them — the PDF worker
// (./font-files.mjs), the layout (./document.mjs), the browser (client/lock/journal-pdf-fonts.ts)
// and the route that serves the files to it (./font-urls.ts). ./font-registry.mjs registers them.

export const DEJAVU_SERIF = "DejaVu Serif";
export const DEJAVU_SANS = "DejaVu Sans";
/** Long unbroken runs (a row of boxes, a pasted link) get break points every this many characters. */
export const LONGEST_WORD = 24;

/** The scripts each face ships in (the file names' middle part), most used first. */
export const LORA_SUBSETS = /** @type {const} */ (["latin", "latin-ext", "cyrillic", "cyrillic-ext", "vietnamese"]);
export const INTER_SUBSETS = /** @type {const} */ ([
  "latin",
  "latin-ext",
  "cyrillic",
  "cyrillic-ext",
  "greek",
  "greek-ext",
  "vietnamese",
]);
/** The app's weights (app/fonts.ts): 400, and 600 for headings; react-pdf's "bold" is 700 and takes the nearest. */
export const PDF_FONT_WEIGHTS = /** @type {const} */ ([400, 600]);

/** DejaVu's files (the dejavu-fonts-ttf package's ttf folder): what Lora and Inter lack. */
export const DEJAVU_FILES = /** @type {const} */ ({
  serif: "DejaVuSerif.ttf",
  serifBold: "DejaVuSerif-Bold.ttf",
  serifItalic: "DejaVuSerif-Italic.ttf",
  sans: "DejaVuSans.ttf",
  sansBold: "DejaVuSans-Bold.ttf",
  sansOblique: "DejaVuSans-Oblique.ttf",
});

/**
 * A Fontsource face's WOFF file of one script, weight and style (its package's files folder).
 * Lora has italics (a formatted page's emphasis, ./formatted.mjs); Inter's labels are never italic.
 * @param {"lora" | "inter"} face @param {string} subset @param {number} weight @param {"normal" | "italic"} [style]
 */
export const fontsourceFile = (face, subset, weight, style = "normal") => `${face}-${subset}-${weight}-${style}.woff`;

/** @param {string} face @param {string} subset */
export const familyName = (face, subset) => `${face} ${subset}`;

/** react-pdf takes a fallback list as fontFamily; its types say string. */
const stack = (/** @type {string[]} */ families) => /** @type {string} */ (/** @type {unknown} */ (families));
/** Lora, then DejaVu: what the writer wrote. Weights 400 and 600 (bold), upright and italic. */
export const SERIF = stack([...LORA_SUBSETS.map((s) => familyName("Lora", s)), DEJAVU_SERIF, DEJAVU_SANS]);
/** Inter, then DejaVu: labels, dates, counts. Weights 400 and 600 (bold). */
export const SANS = stack([...INTER_SUBSETS.map((s) => familyName("Inter", s)), DEJAVU_SANS]);
