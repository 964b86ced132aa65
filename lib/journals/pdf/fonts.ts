import { graphemes } from "@/lib/validation/graphemes";

// Text as the PDF's fonts can show it (docs/decisions/029-journal-pdf.md), for the server's PDF and
// a locked diary's made in the browser alike (client/lock/journal-pdf.ts). The fonts themselves are
// registered where the PDF is drawn (./font-registry.mjs), which reports the characters they have; a
// character neither has (most emoji, CJK) would come out as a broken glyph that also garbles the
// text layer, so it is replaced here, on the download's side, before the text crosses over.

/** What stands in for a character the fonts lack: one box per missing emoji or ideograph. */
export const MISSING_GLYPH = "\u25a1";

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
