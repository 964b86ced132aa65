// @ts-check
// The PDF's fonts, registered in the PDF worker thread (./pdf-worker.mjs), read from disk, never
// fetched (docs/decisions/029-journal-pdf.md, 045-journal-pdf-faces-and-tags.md). The app's own
// faces: Lora (what is written: the name, titles, entries) and Inter (labels), from the
// @fontsource packages the app's pages use. Fontsource splits each face by script into WOFF files
// (Latin, Latin Extended, Cyrillic, Vietnamese, and Greek for Inter); fontkit reads WOFF and pdfkit
// embeds a TrueType subset of it (WOFF2 would not do: fontkit cannot subset its transformed glyph
// table). Each file is a family of its own, and react-pdf falls back glyph by glyph along the list:
// the face's scripts first, then DejaVu Serif (Greek for Lora, more Latin, Arabic, Hebrew…) and
// DejaVu Sans (more symbols: ✓ ☺ ♥ ❤). A character none has (most emoji, CJK) would come out as a
// broken glyph that also garbles the text layer, so the download replaces it before it gets here
// (./fonts.ts, from the coverage this file reports).
import path from "node:path";
import { Font } from "@react-pdf/renderer";

const MODULES = path.join(process.cwd(), "node_modules");
const DEJAVU_DIR = path.join(MODULES, "dejavu-fonts-ttf", "ttf");
const DEJAVU_SERIF = "DejaVu Serif";
const DEJAVU_SANS = "DejaVu Sans";
/** Long unbroken runs (a row of boxes, a pasted link) get break points every this many characters. */
const LONGEST_WORD = 24;

/** The scripts each face ships in (the file names' middle part), most used first. */
const LORA_SUBSETS = ["latin", "latin-ext", "cyrillic", "cyrillic-ext", "vietnamese"];
const INTER_SUBSETS = ["latin", "latin-ext", "cyrillic", "cyrillic-ext", "greek", "greek-ext", "vietnamese"];

/** @param {string} face @param {string} subset */
const familyName = (face, subset) => `${face} ${subset}`;

/** react-pdf takes a fallback list as fontFamily; its types say string. */
const stack = (/** @type {string[]} */ families) => /** @type {string} */ (/** @type {unknown} */ (families));
/** Lora, then DejaVu: what the writer wrote. Weights 400 and 600 (bold). */
export const SERIF = stack([...LORA_SUBSETS.map((s) => familyName("Lora", s)), DEJAVU_SERIF, DEJAVU_SANS]);
/** Inter, then DejaVu: labels, dates, counts. Weights 400 and 600 (bold). */
export const SANS = stack([...INTER_SUBSETS.map((s) => familyName("Inter", s)), DEJAVU_SANS]);

/** @type {Promise<Int32Array> | undefined} */
let registered;

/**
 * Registers the fonts once per worker; resolves to the characters both stacks can draw.
 * @returns {Promise<Int32Array>}
 */
export function registerPdfFonts() {
  registered ??= (async () => {
    /** @param {string} name */
    const dejavu = (name) => path.join(DEJAVU_DIR, name);
    Font.register({
      family: DEJAVU_SERIF,
      fonts: [
        { src: dejavu("DejaVuSerif.ttf") },
        { src: dejavu("DejaVuSerif-Bold.ttf"), fontWeight: "bold" },
        { src: dejavu("DejaVuSerif-Italic.ttf"), fontStyle: "italic" },
      ],
    });
    Font.register({
      family: DEJAVU_SANS,
      fonts: [{ src: dejavu("DejaVuSans.ttf") }, { src: dejavu("DejaVuSans-Bold.ttf"), fontWeight: "bold" }],
    });
    /** @type {{ family: string; subset: string }[]} */
    const faces = [];
    for (const [face, subsets] of /** @type {const} */ ([
      ["Lora", LORA_SUBSETS],
      ["Inter", INTER_SUBSETS],
    ])) {
      const dir = path.join(MODULES, "@fontsource", face.toLowerCase(), "files");
      for (const subset of subsets) {
        /** @param {number} weight */
        const file = (weight) => path.join(dir, `${face.toLowerCase()}-${subset}-${weight}-normal.woff`);
        const family = familyName(face, subset);
        // 600 is the app's heading weight (app/fonts.ts); react-pdf's "bold" is 700 and takes the nearest.
        Font.register({
          family,
          fonts: [
            { src: file(400), fontWeight: 400 },
            { src: file(600), fontWeight: 600 },
          ],
        });
        faces.push({ family, subset });
      }
    }
    // Words stay whole (so the text layer can be searched), but nothing is wider than a line.
    Font.registerHyphenationCallback((word) =>
      word.length <= LONGEST_WORD ? [word] : (word.match(new RegExp(`.{1,${LONGEST_WORD}}`, "gsu")) ?? [word]),
    );
    const families = Font.getRegisteredFonts();
    const all = [DEJAVU_SERIF, DEJAVU_SANS, ...faces.map((f) => f.family)];
    await Promise.all(all.flatMap((family) => families[family]?.sources ?? []).map((s) => s.load()));
    for (const family of all) for (const source of families[family]?.sources ?? []) keepGlyphCharacters(source.data);
    // Every script file of a face has the same PostScript name (Lora-Regular), and pdfkit takes a
    // font of the same name for the same font: the Cyrillic file would be embedded anew for every
    // run of text. Each file gets a name of its own (Lora-Regular-cyrillic), the Latin one keeps its own.
    for (const { family, subset } of faces)
      if (subset !== "latin") for (const source of families[family]?.sources ?? []) renameFont(source.data, subset);

    /** @param {string[]} list */
    const covered = (list) => new Set(list.flatMap((family) => characterSet(Font.getFont({ fontFamily: family }))));
    const serif = covered(/** @type {string[]} */ (/** @type {unknown} */ (SERIF)));
    const sans = covered(/** @type {string[]} */ (/** @type {unknown} */ (SANS)));
    return Int32Array.from([...serif].filter((c) => sans.has(c)));
  })();
  return registered;
}

/** @param {unknown} source @returns {number[]} */
function characterSet(source) {
  return /** @type {{ data?: { characterSet: number[] } }} */ (source)?.data?.characterSet ?? [];
}

/** @param {unknown} font @param {string} subset */
function renameFont(font, subset) {
  const f = /** @type {{ postscriptName: string }} */ (font);
  Object.defineProperty(f, "postscriptName", { value: `${f.postscriptName}-${subset}` });
}

/** @typedef {{ getGlyph: (id: number, characters?: number[]) => { codePoints: number[] } }} GlyphSource */

/**
 * fontkit keeps one glyph object per glyph id, with the characters it was first made for. Embedding
 * a subset makes glyphs by id alone (a composite's parts: Cyrillic х is drawn with Latin x), so the
 * next document that lays out "x" got a glyph with no characters, and its text layer lost every x
 * (https://github.com/foliojs/fontkit/issues/154, https://github.com/diegomura/react-pdf/issues/3404). The fonts live as long as the worker, so this
 * happened from the second download on. A glyph asked for with its characters gets them back.
 * @param {unknown} font
 */
function keepGlyphCharacters(font) {
  const f = /** @type {GlyphSource} */ (font);
  const getGlyph = f.getGlyph.bind(f);
  f.getGlyph = (id, characters = []) => {
    const glyph = getGlyph(id, characters);
    if (glyph.codePoints.length === 0 && characters.length > 0) glyph.codePoints = characters;
    return glyph;
  };
}
