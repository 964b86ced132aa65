import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { sans, serif } from "./fonts";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Inkwell", template: "%s · Inkwell" },
  description: "A private diary, one page a day, shared with the friends you choose.",
};

export const viewport: Viewport = { themeColor: "#fbf6ea", width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={`${serif.variable} ${sans.variable}`}>
      <body>{children}</body>
    </html>
  );
}
