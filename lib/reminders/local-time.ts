// What the clock on a writer's wall says at an instant, in their time zone: the reminder's rule is
// "local time now ≥ the reminder's time, and none sent for this local day" (docs/decisions/061),
// which holds through daylight-saving changes without knowing when they happen. No server-only:
// the tests call it too.

export interface LocalTime {
  /** The local calendar day, YYYY-MM-DD. */
  day: string;
  /** Minutes since local midnight, 0–1439. */
  minute: number;
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
}

const ISO_WEEKDAY: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      weekday: "short",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The local day, minute and weekday at `now` in `timeZone` (throws for a zone Intl does not know). */
export function localTimeIn(timeZone: string, now: Date): LocalTime {
  const parts = Object.fromEntries(
    formatFor(timeZone)
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: ISO_WEEKDAY[parts.weekday!]!,
  };
}

/** A Monday (5 January 2026), from which each ISO weekday's day is counted. */
const A_MONDAY = Date.UTC(2026, 0, 5);

/** ISO weekday 2's name in `locale`: "Tuesday", "martes", "火曜日". */
export function weekdayName(weekday: number, locale: string = "en"): string {
  return new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(
    new Date(A_MONDAY + (weekday - 1) * 24 * 60 * 60 * 1000),
  );
}
