import type { Viewport } from "next";
import { NextIntlClientProvider, type AbstractIntlMessages } from "next-intl";
import type { ReactNode } from "react";
import { ErrorWords } from "@/components/app/error-words";
import { HydrationMark } from "@/components/app/hydration-mark";
import { ServiceWorker } from "@/components/app/service-worker";
import { ThemedToaster } from "@/components/theme/themed-toaster";
import { directionOf, type Locale } from "@/lib/i18n/locales";
import { THEME_COLOR, THEME_SCRIPT } from "@/lib/theme";
import { fontVariables } from "./fonts";
import "./globals.css";

// The browser's own UI (address bar, form controls before CSS) follows the system like our CSS
// does; THEME_SCRIPT adds the colour of a theme this device chose (docs/decisions/015, 084).
export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  colorScheme: "light dark",
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: THEME_COLOR.light },
    { media: "(prefers-color-scheme: dark)", color: THEME_COLOR.dark },
  ],
};

/**
 * Every page's document, in one language (app/[locale]/layout.tsx; the benchmark's pages in English,
 * app/bench/layout.tsx). Nothing here depends on the request, so a page that reads no session,
 * cookie or address on the server is prerendered at build time and served as a file
 * (docs/decisions/084). The theme comes from THEME_SCRIPT before the first paint; React leaves the
 * attributes it sets alone. `messages` are the words its client components show (docs/decisions/144).
 */
export function Document({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: AbstractIntlMessages;
  children: ReactNode;
}) {
  return (
    <html lang={locale} dir={directionOf(locale)} className={fontVariables} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body>
        <NextIntlClientProvider locale={locale} messages={messages}>
          {children}
          <ThemedToaster />
          <HydrationMark />
          <ErrorWords />
          <ServiceWorker />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
