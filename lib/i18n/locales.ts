// The languages Inkwell speaks (docs/decisions/143). Plain values: the browser may import them.

/** Each language's BCP 47 tag, English first: the one every other falls back to. */
export const LOCALES = ["en", "es", "fr", "de", "pt-BR", "ja", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language's name in itself, as a person looking for theirs reads it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  "pt-BR": "Português (Brasil)",
  ja: "日本語",
  ar: "العربية",
};

const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set<Locale>(["ar"]);

export const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** The direction a language's text runs in: an `<html dir>`'s value. */
export const directionOf = (locale: Locale): "ltr" | "rtl" => (RIGHT_TO_LEFT.has(locale) ? "rtl" : "ltr");
