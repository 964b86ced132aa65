"use client";

import { useQuery } from "@tanstack/react-query";
import { Smile } from "lucide-react";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { useLocalToday } from "@/components/diary/use-local-today";
import { buttonClass } from "@/components/ui/button-styles";
import { onDemand } from "@/components/ui/on-demand";
import { YearSwitcher } from "./year-switcher";
import { RetryStatus } from "@/components/ui/retry-status";
import { MOODS_FAILED, moodsQuery, type MoodYear } from "@/client/past";
import { parseDayKey } from "@/lib/dates/local-day";
import { MONTH_CHART_HEIGHT, activityChartHeight, monthlyMoods, moodText } from "./mood-figures";
import { daysText } from "./writing-card";

// Recharts and the two charts drawn with it (./mood-charts.tsx): no route's first-load JavaScript,
// fetched once the page has hydrated; a skeleton of each chart's height stands in until then.
const charts = onDemand(() => import("./mood-charts"));

/**
 * "Your moods" on /me → Writing (docs/product.md "Me", docs/decisions/137-the-mood-chart.md): the
 * chosen year's average mood, a chart of each month's, and how mood goes with each activity, each
 * chart a picture beside a table of the same figures (under "Show as a table"). The writer's alone
 * (docs/decisions/131), read from GET /api/journals/moods. The year switcher stays while another
 * year loads, so its focus is kept.
 */
export function MoodCard() {
  const today = useLocalToday(null);
  const thisYear = today ? parseDayKey(today).year : null;
  const [chosen, setChosen] = useState<number | null>(null);
  const year = chosen ?? thisYear;
  const moods = useQuery({ ...moodsQuery(year ?? 0), enabled: year !== null });
  const loaded = year !== null ? moods.data : undefined;

  return (
    <section
      aria-labelledby="moods-heading"
      className="min-w-0 rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm md:col-span-2"
    >
      <h2 id="moods-heading" className="flex items-center gap-2 text-xl font-semibold text-leather">
        <Smile aria-hidden className="size-5 text-accent" />
        Your moods
      </h2>
      <p className="mt-1 text-sm text-ink-soft">Only you see your moods and activities.</p>
      {moods.isError ? (
        <RetryStatus message={MOODS_FAILED} onRetry={() => void moods.refetch()} className="mt-3" />
      ) : (
        <>
          <YearSwitcher year={year} thisYear={thisYear} onChange={setChosen} className="mt-4 mb-3" />
          {loaded && year !== null ? <MoodYearView year={year} moods={loaded} /> : <MoodYearSkeleton />}
        </>
      )}
    </section>
  );
}

function MoodYearSkeleton() {
  return (
    <>
      <p role="status" className="sr-only">
        Loading your moods…
      </p>
      <div aria-hidden className="flex flex-col gap-3">
        <div className="h-5 w-2/3 animate-pulse rounded bg-ink-soft/10 motion-reduce:animate-none" />
        <ChartSkeleton height={MONTH_CHART_HEIGHT} />
      </div>
    </>
  );
}

function ChartSkeleton({ height }: { height: number }) {
  return (
    <div
      aria-hidden
      style={{ height }}
      className="w-full animate-pulse rounded-md bg-ink-soft/10 motion-reduce:animate-none"
    />
  );
}

function MoodYearView({ year, moods }: { year: number; moods: MoodYear }) {
  const count = Object.keys(moods.days).length;
  // A year without a mood draws nothing: its charts' code is not fetched for it.
  const loaded = charts.useLoaded(undefined, count > 0);
  if (count === 0 || moods.averageMood === null)
    return (
      <div className="rounded-md bg-paper p-4 text-ink">
        <p>
          No moods in {year}. When you write a page, choose how your day was under “How was your day?”, and your year of
          moods shows here.
        </p>
        <Link href="/my-diary" className={buttonClass("secondary", "mt-3")}>
          Write in My Diary
        </Link>
      </div>
    );

  const months = monthlyMoods(moods.days);
  const average = moods.averageMood;
  const rows = moods.activities.map((a) => ({ ...a, daysLabel: daysText(a.days) }));
  return (
    <div className="flex flex-col gap-6">
      <p className="text-ink">
        {daysText(count)} with a mood in {year}: on average{" "}
        <strong className="font-semibold">{moodText(average)}</strong>.
      </p>

      <figure className="min-w-0">
        <figcaption className="mb-2 font-semibold text-ink">Your average mood each month of {year}</figcaption>
        <div aria-hidden className="min-w-0">
          {loaded ? <loaded.MonthChart months={months} /> : <ChartSkeleton height={MONTH_CHART_HEIGHT} />}
        </div>
        <AsTable caption={`Average mood each month of ${year}`}>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Average mood</th>
              <th scope="col">Days with a mood</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.name}>
                <th scope="row">{m.name}</th>
                <td>{m.average === null ? "None" : moodText(m.average)}</td>
                <td>{m.days}</td>
              </tr>
            ))}
          </tbody>
        </AsTable>
      </figure>

      {rows.length ? (
        <figure className="min-w-0">
          <figcaption className="mb-2 text-ink">
            <span className="block font-semibold">How mood goes with your activities</span>
            <span className="block text-sm text-ink-soft">
              The average mood of the days with each activity; the dashed line is your year’s average,{" "}
              {moodText(average)}.
            </span>
          </figcaption>
          <div aria-hidden className="min-w-0">
            {loaded ? (
              <loaded.ActivityChart rows={rows} average={average} />
            ) : (
              <ChartSkeleton height={activityChartHeight(rows.length)} />
            )}
          </div>
          <AsTable caption={`Average mood with each activity in ${year}`}>
            <thead>
              <tr>
                <th scope="col">Activity</th>
                <th scope="col">Days</th>
                <th scope="col">Average mood</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.name}>
                  <th scope="row" className="break-words">
                    {a.name}
                  </th>
                  <td>{a.days}</td>
                  <td>{moodText(a.averageMood)}</td>
                </tr>
              ))}
            </tbody>
          </AsTable>
        </figure>
      ) : (
        <p className="text-sm text-ink-soft">
          How mood goes with your activities shows here once a day with a mood has activities.
        </p>
      )}
    </div>
  );
}

/** The chart's figures as a table, under a disclosure every keyboard and screen reader reaches. */
function AsTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <details className="mt-2 text-sm text-ink">
      <summary className="cursor-pointer font-semibold text-accent underline-offset-4 hover:underline">
        Show as a table
      </summary>
      <table className="mt-2 w-full table-fixed border-collapse text-left [&_td]:border-t [&_td]:border-ink-soft/20 [&_td]:py-1.5 [&_td]:pr-2 [&_th]:py-1.5 [&_th]:pr-2 [&_th]:align-top [&_tbody_th]:border-t [&_tbody_th]:border-ink-soft/20 [&_tbody_th]:font-normal">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </details>
  );
}
