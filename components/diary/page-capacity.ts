import { countCharacters } from "@/lib/validation/journal-limits";

// The page's writing space (docs/product.md §5: "If the text overflows the page height…"), measured the same
// way at every screen width (docs/decisions/018-page-capacity.md): the text is laid out on a
// reference page of PAGE_LINES lines of LINE_CHARS characters, wrapping words the way a browser
// does. The sheet on screen grows to show whatever fits the reference page, so an entry written on
// a laptop opens whole on a phone, and 900 characters of ordinary prose fit at any width.

/** Lines on the reference page. */
export const PAGE_LINES = 22;
/** Characters on one line of the reference page (about what a laptop's sheet shows). */
export const LINE_CHARS = 60;

/** Lines one paragraph (text without a line break) takes: greedy word wrap, long words split. */
function paragraphLines(paragraph: string): number {
  let lines = 1;
  let column = 0;
  for (const word of paragraph.split(" ")) {
    let width = countCharacters(word);
    if (column > 0) {
      if (column + 1 + width <= LINE_CHARS) {
        column += 1 + width;
        continue;
      }
      lines += 1;
      column = 0;
    }
    while (width > LINE_CHARS) {
      lines += 1;
      width -= LINE_CHARS;
    }
    column = width;
  }
  return lines;
}

/** Lines `text` takes on the reference page. */
export function linesUsed(text: string): number {
  return text.split("\n").reduce((sum, paragraph) => sum + paragraphLines(paragraph), 0);
}

export function fitsOnPage(text: string): boolean {
  return linesUsed(text) <= PAGE_LINES;
}
