"use client";

import { useHydrated } from "@/components/app/use-hydrated";
import { relativeTime } from "@/lib/dates/relative-time";

function utcDay(then: Date): string {
  return then.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
}

/**
 * docs/product.md §9's 'Just now' / 'Nh ago' / 'Nd ago' / a date, from the reader's clock ('just now'
 * inside a sentence). The server's clock and locale may differ from the browser's, so the server (and
 * hydration) writes the plain date and the browser puts the relative time in once it runs. An
 * anonymous entry's time is only its day (docs/api.md), so the feed does not show it at all.
 */
export function RelativeTimeLabel({ iso, inSentence = false }: { iso: string; inSentence?: boolean }) {
  const inBrowser = useHydrated();
  const then = new Date(iso);
  const relative = relativeTime(then);
  return (
    <time dateTime={iso} title={inBrowser ? then.toLocaleString() : undefined}>
      {inBrowser ? (inSentence && relative === "Just now" ? "just now" : relative) : utcDay(then)}
    </time>
  );
}
