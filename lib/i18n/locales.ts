// The languages Inkwell speaks (docs/decisions/143). Plain values: the browser may import them.

/** Each language's BCP 47 tag, English first: the one every other falls back to. */
export const LOCALES = ["en", "es", "fr", "de", "pt-BR", "ja", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Whether a value is one of the seven tags, spelt exactly. */
export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set<Locale>(["ar"]);

/** The direction a language's text runs in: an `<html dir>`'s value. */
export const directionOf = (locale: Locale): "ltr" | "rtl" => (RIGHT_TO_LEFT.has(locale) ? "rtl" : "ltr");

/** Each language's name in its own words: how a person finds theirs in a list. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  "pt-BR": "Português (Brasil)",
  ja: "日本語",
  ar: "العربية",
};
