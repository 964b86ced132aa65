"use client";

import { useMemo, useSyncExternalStore } from "react";
import { draftDays, subscribeDrafts } from "@/client/diary-drafts";
import type { DayKey } from "@/lib/dates/local-day";

/** The days with an unsaved draft in this browser, kept current as drafts come and go (in any tab). */
export function useDraftDays(userId: string): ReadonlySet<DayKey> {
  const joined = useSyncExternalStore(
    subscribeDrafts,
    () => draftDays(userId),
    () => "",
  );
  return useMemo(() => new Set(joined ? joined.split(" ") : []), [joined]);
}
