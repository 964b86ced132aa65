// Calendar days as the writer sees them (docs/decisions/006-one-entry-per-local-day.md): built
// from local date parts, never from toISOString(), which would give the UTC day. Plain functions,
// used by the browser, the server's pages and the PDF alike (the browser's cookie: client/time-zone.ts).

/** `YYYY-MM-DD` of a local calendar day. */
export type DayKey = string;

/** The months' names, January first (the heatmap's rows and the moods' chart on /me → Writing). */
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

export function toDayKey(year: number, month: number, day: number): DayKey {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

export function localDayKey(date: Date = new Date()): DayKey {
  return toDayKey(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

export function parseDayKey(key: DayKey): { year: number; month: number; day: number } {
  const [year, month, day] = key.split("-").map(Number);
  return { year: year!, month: month!, day: day! };
}

/**
 * A local Date of that day (month 1–12; a month or day out of range rolls over, as with `new Date`),
 * at noon so no daylight-saving change can move it to another day. Never `new Date(year, …)`: it
 * reads years 0–99 as 1900–1999, so year 1 printed as 1901 and its weekdays were 1901's.
 */
export function localDate(year: number, month: number, day: number, hour = 12): Date {
  const date = new Date(2000, 0, 1, hour);
  date.setFullYear(year, month - 1, day);
  return date;
}

/** A local Date at noon of that day, so no daylight-saving change can move it to another day. */
export function dayKeyToDate(key: DayKey): Date {
  const { year, month, day } = parseDayKey(key);
  return localDate(year, month, day);
}

export function addDays(key: DayKey, days: number): DayKey {
  const d = dayKeyToDate(key);
  d.setDate(d.getDate() + days);
  return localDayKey(d);
}

export function daysInMonth(year: number, month: number): number {
  return localDate(year, month + 1, 0).getDate();
}

/** The same day of the month `months` away, clamped to that month's length (Jan 31 + 1 → Feb 28). */
export function addMonths(key: DayKey, months: number): DayKey {
  const { year, month, day } = parseDayKey(key);
  const first = localDate(year, month + months, 1);
  const y = first.getFullYear();
  const m = first.getMonth() + 1;
  return toDayKey(y, m, Math.min(day, daysInMonth(y, m)));
}

/** "Tuesday, May 5, 2026": the label a calendar day and an entry carry. */
export function formatLongDay(key: DayKey): string {
  return dayKeyToDate(key).toLocaleDateString("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  });
}

export function formatMonth(year: number, month: number): string {
  return localDate(year, month, 1).toLocaleDateString("en-US", { month: "long", year: "numeric" });
}

/**
 * The writer's time zone, kept in a cookie so that the server can render their today on the first
 * paint of /my-diary (docs/decisions/020-diary-first-paint.md). Not a secret, and not trusted for
 * anything else: the browser's own clock decides as soon as it runs.
 */
export const TIME_ZONE_COOKIE = "inkwell_tz";

/** The calendar day it is at `date` in the IANA time zone `zone`, or null for a zone this runtime does not know. */
export function dayInTimeZone(date: Date, zone: string): DayKey | null {
  try {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).formatToParts(date);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return toDayKey(part("year"), part("month"), part("day"));
  } catch {
    return null;
  }
}
