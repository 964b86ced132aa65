// A page's formatting (docs/decisions/128-formatting-a-page.md): Markdown's marks, as typed or put
// by the editor's toolbar, kept in the page's text as they are. Plain values, no `server-only`, for
// the browser's renderer and the server's PDF and exports.

/**
 * Whether `text` may hold formatting: bold or italic marks around a word, a list or quote line, a
 * link (its `](https:` tells), a backslash before punctuation (`\*`: a mark shown as typed). A
 * page without any is shown as the plain text it is, without
 * loading the renderer. (A #tag is not formatting.) Linear in the text.
 */
export function mayBeFormatted(text: string): boolean {
  return /\*\*\S|__\S|\*[^\s*]|(^|\s)_[^\s_]|^\s{0,3}([-*+]|\d{1,9}[.)]) |^\s{0,3}>|\]\(\s*(https?:|mailto:)|\\[!-/:-@[-`{-~]/im.test(
    text,
  );
}

/**
 * The longest text shown formatted: every page written here (900 characters) and most imported ones.
 * A longer imported page is shown as written: rendering stays bounded whatever a file held.
 */
export const FORMATTED_TEXT_MAX = 20_000;
/** Lists and quotes nest at most this deep to be shown formatted (a line of 10 000 "> " would be 10 000 elements). */
export const NESTING_MAX = 8;

/** Whether `text` is shown formatted: it may hold formatting, and is short and shallow enough to render at once. */
export function showFormatted(text: string): boolean {
  if (text.length > FORMATTED_TEXT_MAX || !mayBeFormatted(text)) return false;
  // A line opening more than NESTING_MAX lists or quotes, or indented past as many levels. Each
  // repetition is a mark and its spaces, never spaces on both sides: no way to split one run of
  // spaces twice, so no backtracking to speak of.
  const deep = new RegExp(
    `^[ \\t]*(?:(?:[-*+]|\\d{1,9}[.)]|>)[ \\t]*){${NESTING_MAX + 1},}|^[ \\t]{${4 * NESTING_MAX},}`,
    "m",
  );
  return !deep.test(text);
}

/** The elements a page's words may become; everything else Markdown knows is shown as its words. */
export const FORMATTED_ELEMENTS = ["p", "strong", "em", "ul", "ol", "li", "blockquote", "a", "br"] as const;

export { safeLink } from "./safe-link.mjs";

/** How far a bold or italic mark looks for its closing mark on its line: each opening mark scans at most this far, so the rules stay linear whatever a line holds. */
const EMPHASIS_SPAN_MAX = 300;
const span = `{0,${EMPHASIS_SPAN_MAX}}`;
const LINE_MARKS = /^[ \t]{0,3}(?:(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t]))[ \t]*)+/gm;
const LINKS = /\[([^\]\n]{0,1000})\]\(\s*(?:https?:|mailto:)[^)\s]*\s*\)/gi;
const STRONG = new RegExp(`(?<!\\\\)(\\*\\*|__)(?=\\S)([^\\n]${span}?\\S)\\1`, "g");
const STARRED = new RegExp(`(?<![\\\\*])\\*(?=[^\\s*])([^*\\n]${span}?[^\\s*\\\\])\\*(?!\\*)`, "g");
const UNDERSCORED = new RegExp(
  `(?<![\\\\\\p{L}\\p{N}_])_(?=[^\\s_])([^_\\n]${span}?[^\\s_\\\\])_(?![\\p{L}\\p{N}_])`,
  "gu",
);
const ESCAPES = /\\([!-/:-@[-`{-~])/g;

/**
 * `text` as its reader reads it, without Markdown's marks, for a line of plain text (the List's
 * excerpt, a search hit's snippet, On This Day, Recently deleted): list and quote marks, bold and
 * italic marks, a link's target, backslash escapes. Not a parser: react-markdown's takes 1.2 ms for
 * a 900-character page, a timeline's whole budget for 50 (docs/decisions/128-formatting-a-page.md);
 * these few rules are linear, and a mark they miss shows as typed, as the original client shows all
 * of them. Text shown as written (showFormatted) stays as it is.
 */
export function plainTextOf(text: string): string {
  if (!showFormatted(text)) return text;
  return text
    .replace(LINE_MARKS, "")
    .replace(LINKS, "$1")
    .replace(STRONG, "$2")
    .replace(STARRED, "$1")
    .replace(UNDERSCORED, "$1")
    .replace(ESCAPES, "$1");
}
