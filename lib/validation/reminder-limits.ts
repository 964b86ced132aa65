// The reminder settings' rules without zod, for the form on /me/reminders and the server's schema alike
// (./reminder.ts, docs/decisions/061-reminders-on-pg-boss.md).

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const REMINDER_TIME_MESSAGE = "Time must be a time of day, HH:MM from 00:00 to 23:59";
export const TIME_ZONE_MESSAGE = "Time zone must be an IANA time zone such as Europe/Berlin";
export const REMINDER_WEEKDAYS_MESSAGE = "Weekdays must be distinct numbers from 1 (Monday) to 7 (Sunday)";
export const TIME_ZONE_MAX = 64;
export const REMINDER_ENABLED_MESSAGE = "Enabled must be true or false";
/** A reminder that is on with no day would never come, though "Reminder saved" said it would. */
export const REMINDER_NO_WEEKDAY_MESSAGE = "Choose at least one day for the reminder";

/** A zone's name, never an offset such as "+01:00" (which Intl would take too). */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/**
 * `zone` as this runtime's Intl names it ("europe/berlin" → "Europe/Berlin"), or null when it is
 * not an IANA name or alias it knows ("UTC" is one).
 */
export function canonicalTimeZone(zone: string): string | null {
  if (zone.length > TIME_ZONE_MAX || !ZONE_NAME.test(zone)) return null;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** "HH:MM" → minutes since midnight. */
export function minuteOfDay(time: string): number {
  const [h, m] = time.split(":").map(Number);
  return h! * 60 + m!;
}

/** Minutes since midnight → "HH:MM". */
export function timeOfMinute(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}

/** ISO weekdays → the stored bitmask (bit 0 = Monday … bit 6 = Sunday). */
export function weekdayBits(weekdays: readonly number[]): number {
  return weekdays.reduce((bits, d) => bits | (1 << (d - 1)), 0);
}

/** The stored bitmask → ISO weekdays, in order. */
export function weekdaysOfBits(bits: number): number[] {
  return WEEKDAYS.filter((d) => bits & (1 << (d - 1)));
}

/** What the settings form can check before sending, with the server's messages (docs/decisions/048). */
export function checkReminder({
  enabled,
  time,
  timeZone,
  weekdays,
}: {
  enabled?: boolean;
  time: string;
  timeZone: string;
  weekdays: readonly number[];
}): { path: string; message: string }[] {
  return [
    enabled === true && weekdays.length === 0 && { path: "reminder.weekdays", message: REMINDER_NO_WEEKDAY_MESSAGE },
    !TIME_PATTERN.test(time) && { path: "reminder.time", message: REMINDER_TIME_MESSAGE },
    !canonicalTimeZone(timeZone) && { path: "reminder.timeZone", message: TIME_ZONE_MESSAGE },
    (new Set(weekdays).size !== weekdays.length ||
      weekdays.some((d) => !WEEKDAYS.includes(d as (typeof WEEKDAYS)[number]))) && {
      path: "reminder.weekdays",
      message: REMINDER_WEEKDAYS_MESSAGE,
    },
  ].filter((issue): issue is { path: string; message: string } => Boolean(issue));
}
export const REMINDER_CHANNEL_MESSAGE = "Each channel must be true or false";
