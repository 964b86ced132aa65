import { z } from "zod";
import { FeedItemSchema, JournalSchema, contract } from "./answers";

// The answers of On This Day and the writing stats (docs/decisions/046, 062): lib/feed/on-this-day.ts
// and lib/journals/stats.ts return their types, lib/openapi documents them.

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

export type OnThisDay = z.infer<typeof OnThisDaySchema>;
export type WritingStats = z.infer<typeof WritingStatsSchema>;
