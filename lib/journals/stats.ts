import "server-only";
import { sql } from "drizzle-orm";
import type { WritingStats } from "@/lib/contract/past";
import { parseDayKey } from "@/lib/dates/local-day";
import type { Db } from "@/lib/db/client";
import { executePrepared } from "@/lib/db/prepared";
import { getWriterToday } from "./writer-zone";

interface StatsRow extends Record<string, unknown> {
  total: number;
  longest: number;
  current: number;
  days: string[];
}

/**
 * GET /api/journals/stats (docs/decisions/062-on-this-day-and-streaks.md). A streak is a run of
 * consecutive days with an entry: days minus their rank is constant along a run. The current one
 * is the run that reaches `today` or, while today has no entry yet, yesterday: today is not over
 * until it is over in the writer's zone (lib/journals/writer-zone.ts). One entry per day
 * (docs/decisions/006) makes the days written and the entries one count; both are all-time, and
 * `days` lists `year`'s (by default the year of the writer's today). One statement, reading only
 * the (author, day) index: the runs in its order (no sort), the year's days as one range of it.
 */
export async function getWritingStats({
  db,
  userId,
  year: asked,
  cookieZone,
}: {
  db: Db;
  userId: string;
  year?: number;
  cookieZone: string | undefined;
}): Promise<WritingStats> {
  const today = await getWriterToday({ db, userId, cookieZone });
  const year = asked ?? parseDayKey(today).year;
  const query = sql`
    with runs as materialized (
      select min(d) as first, max(d) as last, count(*)::int as length
      from (select journal_date as d, journal_date - (row_number() over (order by journal_date))::int as run from journals where author_id = ${userId}::uuid) w
      group by run
    )
    select
      coalesce((select sum(length) from runs), 0)::int as "total",
      coalesce((select max(length) from runs), 0)::int as "longest",
      coalesce((select length from runs where first <= ${today}::date and last >= ${today}::date - 1 order by last desc limit 1), 0)::int as "current",
      array(select journal_date::text from journals where author_id = ${userId}::uuid and journal_date between make_date(${year}::int, 1, 1) and make_date(${year}::int, 12, 31) order by journal_date) as "days"`;
  const [row] = await executePrepared<StatsRow>(db, query);
  const { total, longest, current, days } = row!;
  return {
    currentStreak: current,
    longestStreak: longest,
    daysWritten: total,
    totalEntries: total,
    days: Object.fromEntries(days.map((d) => [d, 1 as const])),
  };
}
