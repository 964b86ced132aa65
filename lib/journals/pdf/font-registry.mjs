// @ts-check
// The journal PDF's fonts (docs/decisions/029-journal-pdf.md, 045-journal-pdf-faces-and-tags.md),
// registered (./font-names.mjs names them) once for both places a journal is drawn: the PDF worker thread, which reads
// the files from disk (./font-files.mjs), and a locked diary's PDF made in the browser, which fetches
// the very same files from our own origin (client/lock/journal-pdf-fonts.ts, ./font-urls.ts). Plain
// JavaScript without Node's modules, so the worker loads it by path and the browser bundles it.
//
// The app's own faces: Lora (what is written: the name, titles, entries) and Inter (labels), from the
// @fontsource packages the app's pages use. Fontsource splits each face by script into WOFF files
// (Latin, Latin Extended, Cyrillic, Vietnamese, and Greek for Inter); fontkit reads WOFF and pdfkit
// embeds a TrueType subset of it (WOFF2 would not do: fontkit cannot subset its transformed glyph
// table). Each file is a family of its own, and react-pdf falls back glyph by glyph along the list:
// the face's scripts first, then DejaVu Serif (Greek for Lora, more Latin, Arabic, Hebrew…) and
// DejaVu Sans (more symbols: ✓ ☺ ♥ ❤). A character none has (most emoji, CJK) would come out as a
// broken glyph that also garbles the text layer, so the text is made printable before it gets here
// (./fonts.ts, from the coverage registerFonts reports).
import { Font } from "@react-pdf/renderer";

import {
  DEJAVU_FILES,
  DEJAVU_SANS,
  DEJAVU_SERIF,
  INTER_SUBSETS,
  LONGEST_WORD,
  LORA_SUBSETS,
  PDF_FONT_WEIGHTS,
  SANS,
  SERIF,
  familyName,
  fontsourceFile,
} from "./font-names.mjs";

/**
 * Where each file is read from: a path on disk in the worker, a same-origin URL in the browser.
 * `dejavu(file)` for DejaVu's, `fontsource(face, file)` for Lora's and Inter's.
 * @typedef {{ dejavu: (file: string) => string; fontsource: (face: "lora" | "inter", file: string) => string }} FontFiles
 */

/** @typedef {{ data: unknown; fontStyle: string; loadResultPromise: Promise<void> | null; load: () => Promise<void> }} FontSource */

/** The italics (a formatted page's emphasis) load when a journal uses them, not before: most never do. */
const upright = (/** @type {FontSource} */ source) => source.fontStyle !== "italic";

/** @param {string} family @returns {FontSource[]} */
const sourcesOf = (family) =>
  /** @type {Record<string, { sources: FontSource[] } | undefined>} */ (Font.getRegisteredFonts())[family]?.sources ??
  [];

const ITALIC = /** @type {const} */ ("italic");

/** @type {string[]} */
const registered = [];
/** @type {Map<string, string>} */
const renamed = new Map();

/** @param {FontFiles} files */
function register(files) {
  if (registered.length) return;
  Font.register({
    family: DEJAVU_SERIF,
    fonts: [
      { src: files.dejavu(DEJAVU_FILES.serif) },
      { src: files.dejavu(DEJAVU_FILES.serifBold), fontWeight: "bold" },
      { src: files.dejavu(DEJAVU_FILES.serifItalic), fontStyle: ITALIC },
    ],
  });
  Font.register({
    family: DEJAVU_SANS,
    fonts: [
      { src: files.dejavu(DEJAVU_FILES.sans) },
      { src: files.dejavu(DEJAVU_FILES.sansBold), fontWeight: "bold" },
      { src: files.dejavu(DEJAVU_FILES.sansOblique), fontStyle: ITALIC },
    ],
  });
  registered.push(DEJAVU_SERIF, DEJAVU_SANS);
  for (const [face, subsets] of /** @type {const} */ ([
    ["lora", LORA_SUBSETS],
    ["inter", INTER_SUBSETS],
  ])) {
    for (const subset of subsets) {
      const family = familyName(face === "lora" ? "Lora" : "Inter", subset);
      Font.register({
        family,
        fonts: PDF_FONT_WEIGHTS.flatMap((weight) => [
          { src: files.fontsource(face, fontsourceFile(face, subset, weight)), fontWeight: weight },
          // Every family of the writer's stack has an italic: react-pdf refuses a family without one.
          ...(face === "lora"
            ? [
                {
                  src: files.fontsource(face, fontsourceFile(face, subset, weight, "italic")),
                  fontWeight: weight,
                  fontStyle: ITALIC,
                },
              ]
            : []),
        ]),
      });
      registered.push(family);
      if (subset !== "latin") renamed.set(family, subset);
    }
  }
  // An italic, loaded by react-pdf when a page uses it, gets the same fixes as the rest once loaded.
  for (const family of registered)
    for (const source of sourcesOf(family).filter((s) => !upright(s))) {
      const load = source.load.bind(source);
      source.load = async () => {
        await load();
        fix(source.data, renamed.get(family));
      };
    }
  // Words stay whole (so the text layer can be searched), but nothing is wider than a line.
  Font.registerHyphenationCallback((word) =>
    word.length <= LONGEST_WORD ? [word] : (word.match(new RegExp(`.{1,${LONGEST_WORD}}`, "gsu")) ?? [word]),
  );
}

/** @type {WeakSet<object>} */
const fixed = new WeakSet();

/**
 * Two fixes to each loaded font, once. Every script file of a face has the same PostScript name
 * (Lora-Regular), and pdfkit takes a font of the same name for the same font: the Cyrillic file
 * would be embedded anew for every run of text, so each gets a name of its own (Lora-Regular-cyrillic).
 * And fontkit keeps one glyph object per glyph id, with the characters it was first made for;
 * embedding a subset makes glyphs by id alone (a composite's parts: Cyrillic х is drawn with Latin
 * x), so the next document that laid out "x" got a glyph with no characters, and its text layer lost
 * every x (https://github.com/foliojs/fontkit/issues/154, https://github.com/diegomura/react-pdf/issues/3404):
 * a glyph asked for with its characters gets them back.
 * @param {unknown} data @param {string | undefined} subset
 */
function fix(data, subset) {
  const font =
    /** @type {{ postscriptName: string; getGlyph: (id: number, characters?: number[]) => { codePoints: number[] } }} */ (
      data
    );
  if (!font || fixed.has(font)) return;
  fixed.add(font);
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, characters = []) => {
    const glyph = getGlyph(id, characters);
    if (glyph.codePoints.length === 0 && characters.length > 0) glyph.codePoints = characters;
    return glyph;
  };
  if (subset) Object.defineProperty(font, "postscriptName", { value: `${font.postscriptName}-${subset}` });
}

/** @param {string} family @returns {number[]} */
const characterSet = (family) =>
  /** @type {{ data?: { characterSet: number[] } } | undefined} */ (
    /** @type {unknown} */ (Font.getFont({ fontFamily: family }))
  )?.data?.characterSet ?? [];

/** @type {Promise<Int32Array> | undefined} */
let ready;

/**
 * Registers the fonts from `files` and loads them, once; resolves to the characters both stacks can
 * draw. A failed load (the browser offline) is tried again by the next call.
 * @param {FontFiles} files
 * @returns {Promise<Int32Array>}
 */
export function registerFonts(files) {
  ready ??= (async () => {
    register(files);
    try {
      await Promise.all(
        registered
          .flatMap(sourcesOf)
          .filter(upright)
          .map((s) => s.load()),
      );
    } catch (error) {
      // react-pdf keeps a failed load's promise: the sources that did not load are asked again next time.
      for (const source of registered.flatMap(sourcesOf)) if (!source.data) source.loadResultPromise = null;
      ready = undefined;
      throw error;
    }
    for (const family of registered)
      for (const source of sourcesOf(family).filter(upright)) fix(source.data, renamed.get(family));
    const covered = (/** @type {string} */ list) =>
      new Set(/** @type {string[]} */ (/** @type {unknown} */ (list)).flatMap(characterSet));
    const serif = covered(SERIF);
    const sans = covered(SANS);
    return Int32Array.from([...serif].filter((c) => sans.has(c)));
  })();
  return ready;
}
