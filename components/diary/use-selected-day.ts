"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { useHydrated } from "@/components/app/use-hydrated";
import type { DayKey } from "@/lib/dates/local-day";
import { isCalendarDate } from "@/lib/validation/journal-limits";

const PATH = "/my-diary";

/** The diary's address for a day: today has the plain one, any other day names itself. */
export function diaryUrl(day: DayKey, today: DayKey): string {
  return day === today ? PATH : `${PATH}?day=${day}`;
}

/** The day `?day=` names, when it is a real date and not still to come; null for today's plain address. */
export function addressedDay(asked: string | null, today: DayKey): DayKey | null {
  return asked !== null && isCalendarDate(asked) && asked <= today ? asked : null;
}

/**
 * The selected day lives in the address (`/my-diary?day=YYYY-MM-DD`), so a reload, Back and a shared
 * link keep it. A day that is not a real date, or is still to come, opens today instead. Choosing a
 * day pushes a history entry without asking the server again (Next.js syncs
 * useSearchParams with history.pushState).
 */
export function useSelectedDay(today: DayKey, serverDay: DayKey | null): [DayKey, (day: DayKey) => void] {
  const asked = useSearchParams().get("day");
  const addressed = addressedDay(asked, today);
  const valid = addressed !== null;
  // While React hydrates, the day the server's HTML shows. It is the address's day, except offline,
  // where the service worker opens `?day=` with the plain /my-diary it kept (client/worker/caching.ts):
  // hydration must see what that page was, then the address decides.
  const hydrated = useHydrated();
  const fromAddress = hydrated || serverDay === null ? (addressed ?? today) : serverDay;
  // Next.js applies a pushed address in a transition, which a slow device renders late: until
  // then the editor would still be the previous day's, and words typed right after the click
  // would land there. The day chosen here shows at once, until the address it was chosen from
  // changes (the push arriving, or Back and Forward, which the address alone decides).
  const [chosen, setChosen] = useState<{ day: DayKey; from: string | null } | null>(null);
  // Forgotten as soon as the address moves, so a later Back to that same address is not overruled.
  if (chosen !== null && chosen.from !== asked) setChosen(null);
  const selected = chosen !== null && chosen.from === asked ? chosen.day : fromAddress;

  useEffect(() => {
    if (asked !== null && !valid) window.history.replaceState(null, "", PATH);
  }, [asked, valid]);

  const select = useCallback(
    (day: DayKey) => {
      if (day === selected) return;
      setChosen({ day, from: asked });
      window.history.pushState(null, "", diaryUrl(day, today));
    },
    [selected, today, asked],
  );
  return [selected, select];
}
