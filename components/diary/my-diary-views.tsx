"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { dayQuery, monthQuery } from "@/client/journals";
import { useSessionUser } from "@/components/app/signed-in-frame";
import { parseDayKey } from "@/lib/dates/local-day";
import { DiaryViews } from "./diary-views";
import { DiarySkeleton } from "./page-sheet";
import { useLocalToday } from "./use-local-today";
import { addressedDay } from "./use-selected-day";

/**
 * /my-diary's views in the static shell (docs/decisions/084): the writer's today comes from the
 * browser's clock and the day from the address, both known only here; the person from the session's
 * answer. Until then, the ruled skeleton; the day and its month are asked for at once, beside the
 * session, not after it, so the first visit waits for one round trip, not two.
 */
export function MyDiaryViews() {
  const user = useSessionUser();
  const today = useLocalToday(null);
  const asked = useSearchParams().get("day");
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!today) return;
    const day = addressedDay(asked, today) ?? today;
    const { year, month } = parseDayKey(day);
    void queryClient.prefetchQuery(dayQuery(day));
    void queryClient.prefetchQuery(monthQuery(year, month));
  }, [today, asked, queryClient]);
  if (!user) return <DiarySkeleton />;
  return <DiaryViews userId={user.id} serverToday={null} serverDay={null} />;
}
