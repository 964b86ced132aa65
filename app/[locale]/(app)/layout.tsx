import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { QueryProvider } from "@/components/app/query-provider";
import { SignedInFrame } from "@/components/app/signed-in-frame";
import { pickMessages, type ScreenMessages } from "@/lib/i18n/screen-messages";

// Signed-in screens (docs/decisions/084). This frame reads nothing of the request, so the diary,
// the dashboard and the feed, which read the person's data in the browser, are static shells served
// as files; proxy.ts sends a browser without a session cookie to /login first, and the frame ends a
// refused session itself. Screens that still render per request sit in (checked), whose layout
// checks the session on the server before anything streams.
// Its client components are given the frame's words with the document's (docs/decisions/144).
export default async function AppLayout({ children }: { children: ReactNode }) {
  const messages = pickMessages((await getMessages()) as ScreenMessages, ["app", "language", "frame"]);
  return (
    <NextIntlClientProvider messages={messages}>
      <QueryProvider>
        <SignedInFrame>{children}</SignedInFrame>
      </QueryProvider>
    </NextIntlClientProvider>
  );
}
