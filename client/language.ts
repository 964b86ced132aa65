import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS } from "@/lib/i18n/choose";
import type { Locale } from "@/lib/i18n/locales";

// The language this browser's pages are shown in (docs/decisions/144): its cookie, which proxy.ts
// reads to choose each page's language. A signed-in account's choice is set by the server (with
// the session, GET /api/auth/me and PUT /api/myprofile/settings); a visitor chooses on a sign-in screen.

const cookieLanguage = () =>
  document.cookie
    .split("; ")
    .find((c) => c.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1);

/** This browser's pages in `locale` from now on, or in the one it asks for (null): the page loads again in it. */
export function showLanguage(locale: Locale | null) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  const age = locale ? LANGUAGE_COOKIE_DAYS * 24 * 60 * 60 : 0;
  document.cookie = `${LANGUAGE_COOKIE}=${locale ?? ""}; Path=/; Max-Age=${age}; SameSite=Lax${secure}`;
  location.reload();
}

/**
 * A page made in another language than the account's (its first visit on this device, before
 * GET /api/auth/me set the cookie) loads again in the account's, once the cookie says so; a
 * browser that keeps no cookie stays as it is rather than loading again and again.
 */
export function followAccountLanguage(locale: Locale) {
  if (document.documentElement.lang !== locale && cookieLanguage() === locale) location.reload();
}
