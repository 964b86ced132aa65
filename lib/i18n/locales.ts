// The languages Inkwell speaks (docs/decisions/143). Plain values: the browser may import them.

/** Each language's BCP 47 tag, English first: the one every other falls back to. */
export const LOCALES = ["en", "es", "fr", "de", "pt-BR", "ja", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set<Locale>(["ar"]);

/** The direction a language's text runs in: an `<html dir>`'s value. */
export const directionOf = (locale: Locale): "ltr" | "rtl" => (RIGHT_TO_LEFT.has(locale) ? "rtl" : "ltr");
