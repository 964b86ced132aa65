import "server-only";
import { sql } from "drizzle-orm";
import type { MoodYear } from "@/lib/contract/past";
import { parseDayKey } from "@/lib/dates/local-day";
import type { Db } from "@/lib/db/client";
import { executePrepared } from "@/lib/db/prepared";
import { getWriterToday } from "./writer-zone";

interface MoodsRow extends Record<string, unknown> {
  days: Record<string, number>;
  averageMood: number | null;
  activities: MoodYear["activities"];
}

/**
 * GET /api/journals/moods (docs/decisions/137-the-mood-chart.md): the caller's moods of one year
 * (by default the year of the writer's today, lib/journals/writer-zone.ts), their average, and how
 * each activity goes with them. Only pages with a mood count: an activity on a page without one
 * says nothing of a mood. The writer's own and nobody else's (docs/decisions/131): there is no way
 * to name another person. One statement, reading the year as one range of the (author, day)
 * index; averages rounded to two decimals by PostgreSQL, names ordered by code point (`collate
 * "C"`), so the order is the same whatever the database's locale.
 */
export async function getMoodYear({
  db,
  userId,
  year: asked,
  cookieZone,
}: {
  db: Db;
  userId: string;
  year?: number;
  cookieZone: string | undefined;
}): Promise<MoodYear> {
  const year = asked ?? parseDayKey(await getWriterToday({ db, userId, cookieZone })).year;
  const query = sql`
    with moods as materialized (
      select journal_date, mood, activities from journals
      where author_id = ${userId}::uuid
        and journal_date between make_date(${year}::int, 1, 1) and make_date(${year}::int, 12, 31)
        and mood is not null
    ),
    per_activity as (
      select a.name, count(*)::int as days, round(avg(m.mood), 2)::float8 as average
      from moods m cross join lateral (select distinct unnest(m.activities) as name) a
      group by a.name
    )
    select
      coalesce((select json_object_agg(journal_date::text, mood order by journal_date) from moods), '{}'::json) as "days",
      (select round(avg(mood), 2)::float8 from moods) as "averageMood",
      coalesce(
        (select json_agg(json_build_object('name', name, 'days', days, 'averageMood', average) order by days desc, name collate "C") from per_activity),
        '[]'::json
      ) as "activities"`;
  const [row] = await executePrepared<MoodsRow>(db, query);
  const { days, averageMood, activities } = row!;
  return { year, days, averageMood, activities };
}
