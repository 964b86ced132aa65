"use client";

import { useSyncExternalStore } from "react";
import { localDayKey, type DayKey } from "@/lib/dates/local-day";

// The writer's own today (docs/decisions/006-one-entry-per-local-day.md). The server can only
// guess it from the time-zone cookie (`serverToday`, null without one); the browser's clock
// decides once it runs. Checked every minute so midnight moves it on.
function subscribe(onChange: () => void) {
  const timer = window.setInterval(onChange, 60_000);
  return () => window.clearInterval(timer);
}

export function useLocalToday(serverToday: DayKey | null): DayKey | null {
  return useSyncExternalStore<DayKey | null>(
    subscribe,
    () => localDayKey(),
    () => serverToday,
  );
}
