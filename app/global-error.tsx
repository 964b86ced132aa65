"use client";

import { useEffect } from "react";
import { ErrorRecovery, errorStory } from "@/components/app/error-recovery";
import { THEME_COOKIE, parseTheme } from "@/lib/theme";
import "./globals.css";

/**
 * The root layout itself failed, so this page brings its own document, without the layout's fonts
 * (the CSS falls back to Georgia and system-ui) or toaster, and finds the chosen theme in the cookie
 * the layout would have read. Next has already logged the error; nothing more is printed here.
 */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    const cookie = document.cookie.split("; ").find((c) => c.startsWith(`${THEME_COOKIE}=`));
    const theme = parseTheme(cookie?.slice(THEME_COOKIE.length + 1));
    if (theme) document.documentElement.dataset.theme = theme;
  }, []);
  const { text, reference } = errorStory(error);

  return (
    <html lang="en">
      <body>
        <title>Something went wrong · Inkwell</title>
        <main className="flex min-h-dvh items-center justify-center px-4">
          <div className="notebook flex w-full max-w-md flex-col items-start gap-8 rounded-lg border border-ink-soft/20 py-8 pr-6 pl-14 leading-8 shadow-sheet">
            <div>
              <h1 className="text-3xl leading-8 font-semibold text-leather">Inkwell could not open</h1>
              <p className="text-ink">{text}</p>
              {reference ? <p className="text-sm text-ink-soft">Reference: {reference}</p> : null}
            </div>
            <ErrorRecovery retry={retry} home="/" homeLabel="Go to Inkwell" />
          </div>
        </main>
      </body>
    </html>
  );
}
