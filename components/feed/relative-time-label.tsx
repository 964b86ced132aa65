"use client";

import { useSyncExternalStore } from "react";
import { relativeTime } from "@/client/relative-time";

const subscribe = () => () => {};

function utcDay(then: Date): string {
  return then.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
}

/**
 * docs/product.md §9's 'Just now' / 'Nh ago' / 'Nd ago' / a date, from the reader's clock. The server's
 * clock and locale may differ from the browser's, so the server (and hydration) writes the plain
 * date and the browser puts the relative time in once it runs. An anonymous entry's time is only
 * its day (docs/api.md: nothing finer than friends could see), so it stays a date: "14h ago" counted
 * from midnight would be made up.
 */
export function RelativeTimeLabel({ iso, dayOnly = false }: { iso: string; dayOnly?: boolean }) {
  const inBrowser = useSyncExternalStore(subscribe, () => true, () => false);
  const then = new Date(iso);
  if (dayOnly) return <time dateTime={iso.slice(0, 10)}>{utcDay(then)}</time>;
  return (
    <time dateTime={iso} title={inBrowser ? then.toLocaleString() : undefined}>
      {inBrowser ? relativeTime(then) : utcDay(then)}
    </time>
  );
}
