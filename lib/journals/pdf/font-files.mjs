// @ts-check
// The PDF's fonts, registered in the PDF worker thread (./pdf-worker.mjs): DejaVu from its npm
// package (Latin with accents, Greek, Cyrillic), read from disk, never fetched. Text is set in
// DejaVu Serif; react-pdf falls back to DejaVu Sans, which has more symbols (✓ ☺ ♥ ❤), glyph by
// glyph. A character neither font has (emoji, CJK) would come out as a broken glyph that also
// garbles the text layer, so the download replaces it before it gets here (./fonts.ts, from the
// coverage this file reports). docs/decisions/029-journal-pdf.md.
import path from "node:path";
import { Font } from "@react-pdf/renderer";

const FONT_DIR = path.join(process.cwd(), "node_modules", "dejavu-fonts-ttf", "ttf");
export const SERIF = "DejaVu Serif";
export const SANS = "DejaVu Sans";
/** Long unbroken runs (a row of boxes, a pasted link) get break points every this many characters. */
const LONGEST_WORD = 24;

/** @type {Promise<Int32Array> | undefined} */
let registered;

/**
 * Registers the fonts once per worker; resolves to the characters either regular face can draw.
 * @returns {Promise<Int32Array>}
 */
export function registerPdfFonts() {
  registered ??= (async () => {
    /** @param {string} name */
    const file = (name) => path.join(FONT_DIR, name);
    Font.register({
      family: SERIF,
      fonts: [
        { src: file("DejaVuSerif.ttf") },
        { src: file("DejaVuSerif-Bold.ttf"), fontWeight: "bold" },
        { src: file("DejaVuSerif-Italic.ttf"), fontStyle: "italic" },
      ],
    });
    Font.register({ family: SANS, fonts: [{ src: file("DejaVuSans.ttf") }, { src: file("DejaVuSans-Bold.ttf"), fontWeight: "bold" }] });
    // Words stay whole (so the text layer can be searched), but nothing is wider than a line.
    Font.registerHyphenationCallback((word) => (word.length <= LONGEST_WORD ? [word] : (word.match(new RegExp(`.{1,${LONGEST_WORD}}`, "gsu")) ?? [word])));
    const families = Font.getRegisteredFonts();
    const sources = [SERIF, SANS].flatMap((family) => families[family]?.sources ?? []);
    await Promise.all(sources.map((s) => s.load()));
    for (const source of sources) keepGlyphCharacters(source.data);
    const regular = [Font.getFont({ fontFamily: SERIF }), Font.getFont({ fontFamily: SANS })];
    const codePoints = new Set(regular.flatMap((f) => /** @type {{ characterSet: number[] }} */ (/** @type {unknown} */ (f?.data)).characterSet));
    return Int32Array.from(codePoints);
  })();
  return registered;
}

/** @typedef {{ getGlyph: (id: number, characters?: number[]) => { codePoints: number[] } }} GlyphSource */

/**
 * fontkit keeps one glyph object per glyph id, with the characters it was first made for. Embedding
 * a subset makes glyphs by id alone (a composite's parts: Cyrillic х is drawn with Latin x), so the
 * next document that lays out "x" got a glyph with no characters, and its text layer lost every x
 * (fontkit issue 154, react-pdf issue 3404). The fonts live as long as the worker, so this
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
