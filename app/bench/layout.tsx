import type { ReactNode } from "react";
import { pickMessages, screenMessages } from "@/lib/i18n/screen-messages";
import { Document } from "../document";

export { viewport } from "../document";

// The benchmark's pages (docs/decisions/035) sit outside the languages' segment (proxy.ts leaves
// /bench alone) and measure the same document as every page, in English.
export default async function BenchLayout({ children }: { children: ReactNode }) {
  const messages = pickMessages(await screenMessages("en"), ["app", "language"]);
  return (
    <Document locale="en" messages={messages}>
      {children}
    </Document>
  );
}
