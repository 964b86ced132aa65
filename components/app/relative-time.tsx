"use client";

import { useSyncExternalStore } from "react";
import { useHydrated } from "@/components/app/use-hydrated";
import { relativeTime, relativeTimeInSentence } from "@/lib/dates/relative-time";

function utcDay(then: Date): string {
  return then.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
}

// One clock for every label on the page: each render reads the time again, twice a minute.
const listeners = new Set<() => void>();
let ticks = 0;
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => {
    ticks++;
    for (const l of listeners) l();
  }, 30_000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/**
 * docs/product.md §9's relative time ('Just now', '5 minutes ago', …, a date) from the reader's
 * clock ('just now' inside a sentence), kept current while the page is open. The server's clock
 * and locale may differ from the browser's, and a minute may turn between the server's render and
 * hydration, so the server (and hydration) writes the plain date and the browser puts the relative
 * time in once it runs.
 */
export function RelativeTime({ iso, inSentence = false }: { iso: string; inSentence?: boolean }) {
  const inBrowser = useHydrated();
  useSyncExternalStore(
    subscribe,
    () => ticks,
    () => 0,
  );
  const then = new Date(iso);
  return (
    <time dateTime={iso} title={inBrowser ? then.toLocaleString() : undefined}>
      {inBrowser ? (inSentence ? relativeTimeInSentence(then) : relativeTime(then)) : utcDay(then)}
    </time>
  );
}
