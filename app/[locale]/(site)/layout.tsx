import { PenLine } from "lucide-react";
import type { ReactNode } from "react";
import { ThemeMenuOnDemand } from "@/components/theme/theme-menu-on-demand";
import { PageLink } from "@/components/ui/page-link";
import { PaintWhole } from "@/components/ui/paint-whole";
import { Wordmark } from "@/components/ui/wordmark";

// The pages for anyone, signed in or not: the front page, the privacy notice and the terms
// (docs/decisions/108). Plain links (docs/decisions/089): each is a small page of its own.
export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <PageLink
          href="/"
          className="flex items-center gap-2 rounded-md font-serif text-2xl font-semibold text-leather"
          aria-label="Inkwell, the front page"
        >
          <PenLine aria-hidden className="size-6 text-accent" />
          <Wordmark />
        </PageLink>
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          <PageLink
            href="/login"
            className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold text-accent underline-offset-4 hover:underline"
          >
            Log in
          </PageLink>
          <ThemeMenuOnDemand />
        </nav>
        <PaintWhole id="site-header-end" />
      </header>
      <main className="flex-1">{children}</main>
      <footer className="border-t border-ink-soft/20">
        <nav
          aria-label="About this Inkwell"
          className="mx-auto flex w-full max-w-5xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-6 text-sm text-ink-soft sm:px-6"
        >
          <PageLink href="/privacy" className="inline-flex min-h-11 items-center underline underline-offset-4">
            Privacy
          </PageLink>
          <PageLink href="/terms" className="inline-flex min-h-11 items-center underline underline-offset-4">
            Terms
          </PageLink>
          <span>Inkwell, a diary you keep for years.</span>
        </nav>
      </footer>
    </div>
  );
}
