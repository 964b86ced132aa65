import { z } from "zod";
import { EARLIEST_STATS_YEAR } from "@/lib/validation/past-limits";
import { FeedItemSchema, JournalSchema, contract } from "./answers";

// The answers of On This Day, the writing stats and the year's moods (docs/decisions/046, 062, 137):
// lib/feed/on-this-day.ts, lib/journals/stats.ts and lib/journals/moods.ts return their types,
// lib/openapi documents them.

const object = z.strictObject;
const count = z.int().min(0);

/** A copy of `schema` carrying `description` in the reference (as answers.ts's `note`). */
function described<T extends z.ZodType>(schema: T, description: string): T {
  const copy = schema.clone();
  contract.add(copy, { description });
  return copy;
}

export const OnThisDaySchema = object({
  mine: described(
    z.array(JournalSchema),
    "The caller's entries of this month and day in earlier years, the most recent year first (29 February's in other years on 28 February)",
  ),
  friends: described(
    z.array(FeedItemSchema),
    "Friends' close-circle entries of that day in earlier years, exactly as the feed shows them (anonymous ones without their author), newest first, at most 20; no reads are counted",
  ),
});

export const WritingStatsSchema = object({
  currentStreak: described(
    count,
    "Consecutive days with an entry up to today, or yesterday while today has none yet (today in the writer's time zone)",
  ),
  longestStreak: described(count, "The longest run of consecutive days with an entry, all-time"),
  daysWritten: described(count, "Days with an entry, all-time"),
  totalEntries: described(count, "Entries, all-time (one a day, so equal to daysWritten)"),
  days: described(z.record(z.iso.date(), z.literal(1)), "The asked year's days with an entry, each `YYYY-MM-DD: 1`"),
});

const moodStep = z.int().min(1).max(5);
/** An average of moods, 1–5, rounded to two decimals. */
const averageMood = z.number().min(1).max(5);

export const MoodYearSchema = object({
  year: described(
    z.int().min(EARLIEST_STATS_YEAR).max(9999),
    "The year these figures are of: the asked one, or the year of the caller's today",
  ),
  days: described(
    z.record(z.iso.date(), moodStep),
    "The year's days whose page has a mood, each `YYYY-MM-DD: mood`, 1 (Awful) to 5 (Great); a page without one is not listed",
  ),
  averageMood: described(
    averageMood.nullable(),
    "The average of `days`' moods, rounded to two decimals; null when the year has none",
  ),
  activities: described(
    z.array(
      object({
        name: described(z.string().min(1), "The activity, as the writer named it on their pages"),
        days: described(z.int().min(1), "The year's days with a mood whose page has this activity"),
        averageMood: described(averageMood, "The average mood of those days, rounded to two decimals"),
      }),
    ),
    "Every activity on a page of the year that has a mood (pages without a mood do not count), the most days first, then by name as written (character by character)",
  ),
});

export type OnThisDay = z.infer<typeof OnThisDaySchema>;
export type WritingStats = z.infer<typeof WritingStatsSchema>;
export type MoodYear = z.infer<typeof MoodYearSchema>;
