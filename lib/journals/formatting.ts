// A page's formatting (docs/decisions/128-formatting-a-page.md): Markdown's marks, as typed or put
// by the editor's toolbar, kept in the page's text as they are. Plain values, no `server-only`, for
// the browser's renderer and the server's PDF and exports.

/**
 * Whether `text` may hold formatting: bold or italic marks around a word, a list or quote line, a
 * link (its `](https:` tells). A page without any is shown as the plain text it is, without
 * loading the renderer. (A #tag is not formatting.) Linear in the text.
 */
export function mayBeFormatted(text: string): boolean {
  return /\*\*\S|__\S|\*[^\s*]|(^|\s)_[^\s_]|^\s{0,3}([-*+]|\d{1,9}[.)]) |^\s{0,3}>|\]\(\s*(https?:|mailto:)/im.test(
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

/** Link targets a page may hold: the web and mail. Anything else (javascript:, data:, a file) is no link. */
export function safeLink(url: string): string {
  return /^(https?:\/\/|mailto:)/i.test(url.trim()) ? url.trim() : "";
}
