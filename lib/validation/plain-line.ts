// One-line text (docs/decisions/042): what may not stand in it, without zod, so the browser's own
// checks use the same rules as the server's (lib/validation/fields.ts re-exports them).

/**
 * What may not stand in a one-line field that other people see (a name, a username, a location):
 * control characters (C0 with the line breaks and tab, DEL, C1), the line and paragraph separators,
 * and the invisible marks that reorder the text around them (bidi embeddings and overrides
 * U+202A–U+202E, isolates U+2066–U+2069, the marks U+200E, U+200F and U+061C). A name such as
 * "a\r\nBcc: …" would start a new line wherever it is printed (a mail, the PDF, a log), and
 * "\u202eevil" shows its letters backwards to every reader (docs/decisions/042). Nor the characters
 * that show nothing at all (INVISIBLE), with which "ada" and "a\u200bda" look the same.
 */
export const NOT_IN_A_LINE = /[\p{Cc}\u2028\u2029\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/u;

/**
 * Characters that take no space and show nothing, so two names that look alike differ: the soft
 * hyphen, the combining grapheme joiner, the Hangul fillers, the Khmer inherent vowels, the
 * Mongolian free variation selectors and vowel separator, the zero-width space, the word joiner and
 * invisible operators, the deprecated format characters, the byte-order mark, the language tag and
 * the musical invisible formatting characters: Unicode's default-ignorable code points, less the ones
 * writing needs (the zero-width joiner and non-joiner of emoji and of Persian and Indic scripts,
 * the variation selectors, the tags of a flag).
 */
export const INVISIBLE =
  /[\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b\u2060-\u2064\u206a-\u206f\u3164\ufeff\uffa0\u{e0001}\u{1d173}-\u{1d17a}]/u;

export function notAllowedInLineMessage(label: string): string {
  return `${label} may not contain control characters, line breaks, text-direction marks or invisible characters`;
}

/** True when `value` holds nothing NOT_IN_A_LINE or INVISIBLE refuses. */
export function isPlainLine(value: string): boolean {
  return !NOT_IN_A_LINE.test(value) && !INVISIBLE.test(value);
}

/**
 * A one-line text as NOT_IN_A_LINE allows it, for text that comes from elsewhere rather than from a
 * form that could be refused (a Google account's name): line breaks and other controls become a
 * space, direction marks go, and runs of spaces close up.
 */
export function toPlainLine(value: string): string {
  return value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/gu, "")
    .replace(new RegExp(INVISIBLE.source, "gu"), "")
    .replace(/ {2,}/g, " ")
    .trim();
}
