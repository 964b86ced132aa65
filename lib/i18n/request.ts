import { locale as rootLocale } from "next/root-params";
import { getRequestConfig } from "next-intl/server";
import { DEFAULT_LOCALE, isLocale } from "./locales";
import { screenMessages } from "./screen-messages";

// next-intl's request configuration (next.config.ts names this file; docs/decisions/144): the
// screens' language is the `[locale]` segment every page sits under, which proxy.ts fills in from
// the person's choice (lib/i18n/choose.ts); read through next/root-params, so a static shell is still
// made once per language by `next build`. Dates are formatted in the browser, in the person's zone.
export default getRequestConfig(async ({ locale: asked }) => {
  const segment: unknown = asked ?? (await rootLocale());
  const locale = isLocale(segment) ? segment : DEFAULT_LOCALE;
  return { locale, messages: await screenMessages(locale), timeZone: "UTC" };
});
