import { LOCALES, isLocale, type Locale } from "./locales";
import { negotiateLocale } from "./negotiate";

// Which language a page is shown in (docs/decisions/144): the one this browser was given by the
// account's setting or chose on a sign-in screen (the cookie), else the one its Accept-Language asks
// for, else English. proxy.ts and the static-shell server (server/static-shells.ts) both ask here.

/** The cookie holding a browser's chosen language: a tag of LOCALES, readable by the page's script. */
export const LANGUAGE_COOKIE = "inkwell_language";
/** How long the cookie lasts: a year, renewed at each sign-in of an account with a language. */
export const LANGUAGE_COOKIE_DAYS = 365;

export function chooseLocale(cookie: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  return isLocale(cookie) ? cookie : negotiateLocale(acceptLanguage);
}

/** The path a page of `pathname` has inside the app: under its language's segment (app/[locale]). */
export const localePath = (locale: Locale, pathname: string) => `/${locale}${pathname === "/" ? "" : pathname}`;

/** A path inside the app split into its language and the address a browser asks for; null outside the segment. */
export function splitLocalePath(route: string): { locale: Locale; address: string } | null {
  for (const locale of LOCALES) {
    if (route === `/${locale}`) return { locale, address: "/" };
    if (route.startsWith(`/${locale}/`)) return { locale, address: route.slice(locale.length + 1) };
  }
  return null;
}
