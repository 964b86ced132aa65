import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { TOAST_DURATION } from "@/lib/client/toasts";
import { fontVariables } from "./fonts";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Inkwell", template: "%s · Inkwell" },
  description: "A private diary, one page a day, shared with the friends you choose.",
};

export const viewport: Viewport = { themeColor: "#fbf6ea", width: "device-width", initialScale: 1 };

// Every page renders per request: the CSP nonce (proxy.ts) must be fresh, and pages depend on the session.
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en" className={fontVariables}>
      <body>
        {children}
        {/* One toaster for the whole app (SPEC.md §4: default position bottom). */}
        <Toaster position="bottom-center" richColors duration={TOAST_DURATION.default} closeButton={false} />
      </body>
    </html>
  );
}
