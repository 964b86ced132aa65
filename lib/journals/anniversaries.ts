import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { parseDayKey, type DayKey } from "@/lib/dates/local-day";

// Which days of earlier years come back on a day (docs/decisions/062-on-this-day-and-streaks.md):
// every entry once a year, on its own month and day; an entry of 29 February, in a year without
// one, on 28 February.

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * The days before `date`'s year whose entries come back on `date`, as one SQL column `d`, for the
 * years from the first year `author` (an SQL uuid) wrote in: a handful of days for a writer of a
 * few years, each one probe of the (author, day) index. `make_date(y, 3, 1) - 1` is the last day
 * of February: the 29th exactly in a leap year.
 */
export function anniversaryDays({ author, date }: { author: SQL; date: DayKey }): SQL {
  const { year, month, day } = parseDayKey(date);
  const candidates: SQL[] = [];
  // 29 February itself only exists in leap years; every other month and day in every year.
  if (!(month === 2 && day === 29)) candidates.push(sql`make_date(y.year, ${month}::int, ${day}::int)`);
  // The 29th comes back on the 29th in leap years and on the 28th in the others.
  if (month === 2 && (day === 29 || (day === 28 && !isLeapYear(year)))) {
    candidates.push(sql`case when extract(day from make_date(y.year, 3, 1) - 1) = 29 then make_date(y.year, 3, 1) - 1 end`);
  }
  return sql`
    select c.d from
      (select extract(year from min(x.journal_date))::int as first from journals x where x.author_id = ${author}) f
      cross join lateral generate_series(f.first, ${year - 1}::int) as y(year)
      cross join lateral (values ${sql.join(
        candidates.map((c) => sql`((${c})::date)`),
        sql`, `,
      )}) as c(d)
    where c.d is not null`;
}
