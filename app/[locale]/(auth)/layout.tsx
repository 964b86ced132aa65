import { PenLine } from "lucide-react";
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { ForgetPersonalCaches } from "@/components/auth/forget-personal-caches";
import { LanguageMenu } from "@/components/auth/language-menu";
import { ThemeMenuOnDemand } from "@/components/theme/theme-menu-on-demand";
import { PaintWhole } from "@/components/ui/paint-whole";
import { Wordmark } from "@/components/ui/wordmark";
import { pickMessages, type ScreenMessages } from "@/lib/i18n/screen-messages";

// Screens for visitors without a session: a single narrow notebook sheet on the desk.
// Its client components are given the sign-in screens' words with the document's (docs/decisions/144).
export default async function AuthLayout({ children }: { children: ReactNode }) {
  const messages = pickMessages((await getMessages()) as ScreenMessages, ["app", "language", "auth"]);
  return (
    <NextIntlClientProvider messages={messages}>
      <div className="flex min-h-dvh flex-col">
        <header className="relative flex justify-center px-4 pt-16 pb-6 sm:pt-8">
          <p className="flex items-center gap-2 font-serif text-3xl font-semibold text-leather">
            <PenLine aria-hidden className="size-7 text-accent" />
            <Wordmark />
          </p>
          <LanguageMenu className="absolute start-3 top-3" />
          <ThemeMenuOnDemand className="absolute end-3 top-3" />
          <PaintWhole id="auth-header-end" />
        </header>
        <main className="flex flex-1 justify-center px-4 pb-12">
          <div className="notebook h-fit w-full max-w-sm rounded-lg border border-ink-soft/20 py-8 pr-6 pl-14 shadow-sheet">
            {children}
          </div>
        </main>
        <ForgetPersonalCaches />
      </div>
    </NextIntlClientProvider>
  );
}
