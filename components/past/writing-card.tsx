"use client";

import { useQuery } from "@tanstack/react-query";
import { Flame } from "lucide-react";
import { useState } from "react";
import { useLocalToday } from "@/components/diary/use-local-today";
import { STATS_FAILED, statsQuery } from "@/client/past";
import { parseDayKey } from "@/lib/dates/local-day";
import { YearHeatmap, YearHeatmapSkeleton } from "./year-heatmap";
import { YearSwitcher } from "./year-switcher";
import { RetryStatus } from "@/components/ui/retry-status";

/** "1 day", "12 days". */
export function daysText(n: number): string {
  return `${n} ${n === 1 ? "day" : "days"}`;
}

/**
 * Streaks and a year of writing on /me (docs/product.md "My profile", docs/decisions/062): the
 * current and longest streak, and the chosen year's days as a heatmap with a year switcher. The
 * switcher stays while another year loads, so its focus is kept.
 */
export function WritingCard() {
  const today = useLocalToday(null);
  const thisYear = today ? parseDayKey(today).year : null;
  const [chosen, setChosen] = useState<number | null>(null);
  const year = chosen ?? thisYear;
  const stats = useQuery({ ...statsQuery(year ?? 0), enabled: year !== null });
  const loaded = year !== null ? stats.data : undefined;

  return (
    <section
      aria-labelledby="writing-heading"
      className="rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm md:col-span-2"
    >
      <h2 id="writing-heading" className="flex items-center gap-2 text-xl font-semibold text-leather">
        <Flame aria-hidden className="size-5 text-accent" />
        Your writing
      </h2>
      {stats.isError ? (
        <RetryStatus message={STATS_FAILED} onRetry={() => void stats.refetch()} className="mt-3" />
      ) : (
        <>
          {/* Until the year is here its figures and days keep their places, so nothing below moves when they arrive (the reminder's Save under a finger). */}
          {loaded ? null : (
            <p role="status" className="sr-only">
              Loading your year of writing…
            </p>
          )}
          <dl className="mt-3 grid grid-cols-3 gap-3">
            {[
              { term: "Current streak", value: loaded && daysText(loaded.currentStreak) },
              { term: "Longest streak", value: loaded && daysText(loaded.longestStreak) },
              { term: "Days written", value: loaded && String(loaded.daysWritten) },
            ].map(({ term, value }) => (
              <div key={term} className="rounded-md bg-paper p-3">
                <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">{term}</dt>
                <dd className="text-xl font-semibold text-ink">
                  {value || (
                    <span
                      aria-hidden
                      className="inline-block h-[1em] w-16 max-w-full animate-pulse rounded bg-ink-soft/10 align-middle motion-reduce:animate-none"
                    />
                  )}
                </dd>
              </div>
            ))}
          </dl>
          <YearSwitcher year={year} thisYear={thisYear} onChange={setChosen} className="mt-5 mb-3" />
          {loaded && year !== null ? (
            <YearHeatmap year={year} days={loaded.days} today={today} />
          ) : (
            <YearHeatmapSkeleton />
          )}
        </>
      )}
    </section>
  );
}
