"use client";

import { useSyncExternalStore } from "react";
import { localDayKey, type DayKey } from "@/lib/client/local-day";

// The writer's own today; the server cannot know it (docs/decisions/006-one-entry-per-local-day.md),
// so it is null while rendering on the server. Checked every minute so midnight moves it on.
function subscribe(onChange: () => void) {
  const timer = window.setInterval(onChange, 60_000);
  return () => window.clearInterval(timer);
}

export function useLocalToday(): DayKey | null {
  return useSyncExternalStore<DayKey | null>(subscribe, () => localDayKey(), () => null);
}
