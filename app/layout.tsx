import type { Metadata, Viewport } from "next";
import { cookies } from "next/headers";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { HydrationMark } from "@/components/app/hydration-mark";
import { ServiceWorker } from "@/components/app/service-worker";
import { ThemedToaster } from "@/components/theme/themed-toaster";
import { THEME_COLOR, THEME_COOKIE, parseTheme } from "@/lib/theme";
import { fontVariables } from "./fonts";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Inkwell", template: "%s · Inkwell" },
  description: "A private diary, one entry a day, shared with the friends you choose.",
};

async function chosenTheme() {
  return parseTheme((await cookies()).get(THEME_COOKIE)?.value);
}

// The browser's own UI (address bar, form controls before CSS) takes the theme this device chose,
// or follows the system like our CSS does (docs/decisions/015).
export async function generateViewport(): Promise<Viewport> {
  const theme = await chosenTheme();
  return {
    width: "device-width",
    initialScale: 1,
    colorScheme: theme ?? "light dark",
    themeColor: theme
      ? THEME_COLOR[theme]
      : [
          { media: "(prefers-color-scheme: light)", color: THEME_COLOR.light },
          { media: "(prefers-color-scheme: dark)", color: THEME_COLOR.dark },
        ],
  };
}

// Every page renders per request: the CSP nonce (proxy.ts) must be fresh, and pages depend on the session.
// data-theme comes with the first byte of HTML, so a chosen theme never flashes the other one.
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en" data-theme={await chosenTheme()} className={fontVariables}>
      <body>
        {children}
        <ThemedToaster />
        <HydrationMark />
        <ServiceWorker />
      </body>
    </html>
  );
}
