import "server-only";
import path from "node:path";
import { Font } from "@react-pdf/renderer";
import { graphemes } from "@/lib/validation/graphemes";

// The PDF's fonts: DejaVu from its npm package (Latin with accents, Greek, Cyrillic), read from
// disk, never fetched. Text is set in DejaVu Serif; react-pdf falls back to DejaVu Sans, which has
// more symbols (✓ ☺ ♥ ❤), glyph by glyph. A character neither font has (emoji, CJK) would come out
// as a broken glyph that also garbles the text layer, so it is replaced before layout.
// docs/decisions/029-journal-pdf.md.

const FONT_DIR = path.join(process.cwd(), "node_modules", "dejavu-fonts-ttf", "ttf");
export const SERIF = "DejaVu Serif";
export const SANS = "DejaVu Sans";
/** What stands in for a character the fonts lack: one box per missing emoji or ideograph. */
export const MISSING_GLYPH = "\u25a1";
/** Long unbroken runs (a row of boxes, a pasted link) get break points every this many characters. */
const LONGEST_WORD = 24;

let registered: Promise<(codePoint: number) => boolean> | undefined;

/** Registers the fonts once per process; resolves to "does either font have this character". */
export function registerPdfFonts(): Promise<(codePoint: number) => boolean> {
  registered ??= (async () => {
    const file = (name: string) => path.join(FONT_DIR, name);
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
    const sources = [SERIF, SANS].flatMap((family) => families[family]!.sources);
    await Promise.all(sources.map((s) => s.load()));
    for (const source of sources) keepGlyphCharacters(source.data!);
    const fallbacks = [Font.getFont({ fontFamily: SERIF }).data!, Font.getFont({ fontFamily: SANS }).data!];
    return (codePoint: number) => fallbacks.some((f) => f.hasGlyphForCodePoint(codePoint));
  })();
  return registered;
}

type GlyphSource = { getGlyph: (id: number, characters?: number[]) => { codePoints: number[] } };

/**
 * fontkit keeps one glyph object per glyph id, with the characters it was first made for. Embedding
 * a subset makes glyphs by id alone (a composite's parts: Cyrillic х is drawn with Latin x), so the
 * next document that lays out "x" got a glyph with no characters, and its text layer lost every x
 * (fontkit issue 154, react-pdf issue 3404). The fonts live as long as the process, so this
 * happened from the second download on. A glyph asked for with its characters gets them back.
 */
function keepGlyphCharacters(font: unknown) {
  const f = font as GlyphSource;
  const getGlyph = f.getGlyph.bind(f);
  f.getGlyph = (id, characters = []) => {
    const glyph = getGlyph(id, characters);
    if (glyph.codePoints.length === 0 && characters.length > 0) glyph.codePoints = characters;
    return glyph;
  };
}

// Invisible joiners and selectors that emoji carry: dropped when the fonts lack them.
const INVISIBLE = /^[\u200b-\u200f\u2060\ufe00-\ufe0f\u{e0000}-\u{e007f}]$/u;
const CONTROL = /^[\u0000-\u0009\u000b-\u001f\u007f-\u009f]$/u;

/**
 * `text` as the fonts can show it: each character (grapheme cluster) the fonts cannot draw becomes
 * one □; invisible selectors and joiners they lack are dropped; line breaks are kept. The counts on
 * the title page are taken from the text as written, not from this.
 */
export function printableText(text: string, hasGlyph: (codePoint: number) => boolean): string {
  let out = "";
  for (const cluster of graphemes(text)) {
    if (cluster === "\n") {
      out += cluster;
      continue;
    }
    let kept = "";
    let missing = false;
    for (const ch of cluster) {
      if (ch === "\t") kept += " ";
      else if (CONTROL.test(ch)) continue;
      else if (hasGlyph(ch.codePointAt(0)!)) kept += ch;
      else if (!INVISIBLE.test(ch)) missing = true;
    }
    out += missing ? MISSING_GLYPH : kept;
  }
  return out;
}
