import { match } from "@formatjs/intl-localematcher";
import Negotiator from "negotiator";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./locales";

/** An Accept-Language header is read this far at most: a list of languages is short, a long header is noise. */
export const ACCEPT_LANGUAGE_MAX = 512;

/**
 * The language of Inkwell's that a browser's `Accept-Language` asks for, best first (RFC 4647's
 * lookup through @formatjs/intl-localematcher: "pt" and "pt-PT" find Português (Brasil), "es-MX"
 * Español), else English. Anything malformed counts as asking for nothing.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const asked = new Negotiator({ headers: { "accept-language": acceptLanguage.slice(0, ACCEPT_LANGUAGE_MAX) } })
    .languages()
    .filter((tag) => tag !== "*" && /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(tag));
  try {
    return match(asked, LOCALES, DEFAULT_LOCALE, { algorithm: "best fit" }) as Locale;
  } catch {
    return DEFAULT_LOCALE;
  }
}
