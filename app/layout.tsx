import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { HydrationMark } from "@/components/app/hydration-mark";
import { ServiceWorker } from "@/components/app/service-worker";
import { ThemedToaster } from "@/components/theme/themed-toaster";
import { THEME_COLOR, THEME_SCRIPT } from "@/lib/theme";
import { fontVariables } from "./fonts";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Inkwell", template: "%s · Inkwell" },
  description: "A private diary, one entry a day, shared with the friends you choose.",
  // The installed app (app/manifest.ts); iOS reads its home-screen icon from the link instead.
  appleWebApp: { capable: true, title: "Inkwell", statusBarStyle: "default" },
  icons: { apple: "/icons/apple-touch-icon.png" },
};

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

// Nothing here depends on the request, so a page that reads no session, cookie or address on the
// server is prerendered at build time and served as a file (docs/decisions/084). The theme comes
// from THEME_SCRIPT before the first paint; React leaves the attributes it sets alone.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={fontVariables} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body>
        {children}
        <ThemedToaster />
        <HydrationMark />
        <ServiceWorker />
      </body>
    </html>
  );
}
