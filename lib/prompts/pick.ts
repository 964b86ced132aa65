import { parseDayKey, type DayKey } from "@/lib/dates/local-day";

// Which prompt an empty day offers (docs/decisions/124-prompts-on-an-empty-day.md): the list's
// place for the date (its day in a leap year), the same on every device and in every year: 1 March
// is the 61st prompt in 2026 as in 2028, and 29 February has its own. "Another prompt"
// steps through the whole list from there, by a stride that lands on a different kind of question
// each time.

/** Coprime with the list's 366 entries (2 · 3 · 61): every prompt comes once before any comes again. */
const STRIDE = 97;

/** The place of `day`'s date in a leap year, from 0 (1 January) to 365 (31 December). */
export function dateOfLeapYear(day: DayKey): number {
  const { month, day: date } = parseDayKey(day);
  return Math.round((Date.UTC(2000, month - 1, date) - Date.UTC(2000, 0, 1)) / 86_400_000);
}

/** The place in a list of `count` prompts of the `turn`-th prompt offered for `day` (0: the day's own). */
export function promptIndex(day: DayKey, turn: number, count: number): number {
  if (count <= 0) return 0;
  return (((dateOfLeapYear(day) + turn * STRIDE) % count) + count) % count;
}
