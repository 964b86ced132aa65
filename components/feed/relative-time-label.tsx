"use client";

import { useSyncExternalStore } from "react";
import { relativeTime } from "@/lib/client/relative-time";

const subscribe = () => () => {};

/**
 * SPEC.md §9's 'Just now' / 'Nh ago' / 'Nd ago' / a date, from the reader's clock. The server's
 * clock and locale may differ from the browser's, so the server (and hydration) writes the plain
 * date and the browser puts the relative time in once it runs.
 */
export function RelativeTimeLabel({ iso }: { iso: string }) {
  const inBrowser = useSyncExternalStore(subscribe, () => true, () => false);
  const then = new Date(iso);
  return (
    <time dateTime={iso} title={inBrowser ? then.toLocaleString() : undefined}>
      {inBrowser ? relativeTime(then) : then.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" })}
    </time>
  );
}
