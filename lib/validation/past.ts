import { z } from "zod";
import { text } from "./fields";
import { EARLIEST_STATS_YEAR } from "./past-limits";
import { EARLIEST_JOURNAL_DATE, TOO_EARLY_DATE_MESSAGE, calendarDateField, latestJournalDate } from "./journal";

// The query strings of On This Day, the writing stats and the year's moods (docs/api.md "Journals",
// docs/decisions/062-on-this-day-and-streaks.md, 137-the-mood-chart.md).

export const ON_THIS_DAY_LATE_MESSAGE = "Date must be no later than tomorrow in UTC";
export const YEAR_MESSAGE = `Year must be a four-digit year from ${EARLIEST_STATS_YEAR}`;
export const YEAR_LATE_MESSAGE = "Year must be no later than next year";

/** GET /api/journals/on-this-day?date=: a real day from the earliest an entry may have to tomorrow in UTC (any writer's today). */
export const OnThisDayQuerySchema = z.object({
  date: calendarDateField
    .refine((d) => d >= EARLIEST_JOURNAL_DATE, { error: TOO_EARLY_DATE_MESSAGE, abort: true })
    .refine((d) => d <= latestJournalDate(), ON_THIS_DAY_LATE_MESSAGE),
});

/**
 * GET /api/journals/stats?year= and GET /api/journals/moods?year=: four digits, from the earliest
 * year an entry may have to next year (UTC); missing means the year of the writer's today.
 */
export const StatsQuerySchema = z.object({
  year: text("Year", { maxUnits: 4, tooLong: YEAR_MESSAGE })
    .regex(/^\d{4}$/, YEAR_MESSAGE)
    .transform(Number)
    .refine((y) => y >= EARLIEST_STATS_YEAR, { error: YEAR_MESSAGE, abort: true })
    .refine((y) => y <= new Date().getUTCFullYear() + 1, YEAR_LATE_MESSAGE)
    .optional(),
});
