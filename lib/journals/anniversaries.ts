import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { parseDayKey, toDayKey, type DayKey } from "@/lib/dates/local-day";
import { EARLIEST_STATS_YEAR } from "@/lib/validation/past-limits";

// Which days of earlier years come back on a day (docs/decisions/062-on-this-day-and-streaks.md):
// every entry once a year, on its own month and day; an entry of 29 February, in a year without
// one, on 28 February.

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The days of the years before `date`'s, back to the earliest an entry may have, whose entries come back on `date`. */
export function anniversaryDays(date: DayKey): DayKey[] {
  const { year, month, day } = parseDayKey(date);
  const days: DayKey[] = [];
  for (let y = year - 1; y >= EARLIEST_STATS_YEAR; y--) {
    // 29 February itself only in leap years; every other month and day in every year.
    if (!(month === 2 && day === 29)) days.push(toDayKey(y, month, day));
    // The 29th comes back on the 29th in leap years and on the 28th in the others.
    if (month === 2 && (day === 29 || (day === 28 && !isLeapYear(year))) && isLeapYear(y))
      days.push(toDayKey(y, 2, 29));
  }
  return days;
}

/**
 * `column = any(those days)`, one array parameter: with the author's id, one probe a year of the
 * (author, day) unique index, whoever the author (docs/performance.md "on-this-day").
 */
export function onAnniversary(column: SQL | unknown, date: DayKey): SQL {
  return sql`${column} = any(${`{${anniversaryDays(date).join(",")}}`}::date[])`;
}
