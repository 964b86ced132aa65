// The writing stats' limits, zod-free for the browser (docs/style.md 6).

/** The earliest year the stats may be asked for: the year of EARLIEST_JOURNAL_DATE (./journal.ts), before which no entry can be. */
export const EARLIEST_STATS_YEAR = 1900;
