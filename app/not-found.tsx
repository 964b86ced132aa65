import { buttonClass } from "@/components/ui/button-styles";

// Reached through notFound() (e.g. a profile that does not exist); unknown paths redirect instead.
// A plain link, as in components/app/error-recovery.tsx: this page's chunk is part of every route's
// first load, and next/link would be most of it.
export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-3xl font-semibold">This page is blank</h1>
      <p className="text-ink-soft">We could not find what you were looking for.</p>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load on purpose, see above */}
      <a href="/dashboard" className={buttonClass("primary")}>
        Back to the dashboard
      </a>
    </main>
  );
}
