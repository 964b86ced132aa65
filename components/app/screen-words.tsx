import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { pickMessages, type ScreenMessages } from "@/lib/i18n/screen-messages";

/** What every signed-in screen's client components say: the document's, the language controls' and the frame's. */
export const SIGNED_IN_WORDS = ["app", "language", "frame"] as const satisfies readonly (keyof ScreenMessages)[];

/**
 * Gives the client components below the words of their part of the app with the signed-in frame's
 * (docs/decisions/144): a nested NextIntlClientProvider replaces the one above it, so it carries
 * both. A page's words reach only the pages that show them.
 */
export async function ScreenWords({
  parts,
  children,
}: {
  parts: readonly (keyof ScreenMessages)[];
  children: ReactNode;
}) {
  const messages = pickMessages((await getMessages()) as ScreenMessages, [...SIGNED_IN_WORDS, ...parts]);
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}
