"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useEffect } from "react";
import type { DayKey } from "@/lib/dates/local-day";
import { isCalendarDate } from "@/lib/validation/journal-limits";

const PATH = "/my-diary";

/** The diary's address for a day: today has the plain one, any other day names itself. */
export function diaryUrl(day: DayKey, today: DayKey): string {
  return day === today ? PATH : `${PATH}?day=${day}`;
}

/**
 * The selected day lives in the address (`/my-diary?day=YYYY-MM-DD`), so a reload, Back and a shared
 * link keep it. A day that is not a real date, or is still to come, opens today instead. Choosing a
 * day pushes a history entry without asking the server again (Next.js syncs
 * useSearchParams with history.pushState).
 */
export function useSelectedDay(today: DayKey): [DayKey, (day: DayKey) => void] {
  const asked = useSearchParams().get("day");
  const valid = asked !== null && isCalendarDate(asked) && asked <= today;
  const selected = valid ? asked : today;

  useEffect(() => {
    if (asked !== null && !valid) window.history.replaceState(null, "", PATH);
  }, [asked, valid]);

  const select = useCallback(
    (day: DayKey) => {
      if (day !== selected) window.history.pushState(null, "", diaryUrl(day, today));
    },
    [selected, today],
  );
  return [selected, select];
}
