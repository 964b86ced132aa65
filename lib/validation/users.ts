import { z } from "zod";
import { text } from "./fields";
import { LIMIT_MIN_MESSAGE } from "@/lib/validation/feed-limits";

// The query strings of the people routes (docs/api.md "People" and "Friend requests").

/**
 * Longer than any name (80) or username (30) with room to spare: a longer search cannot match
 * anyone, so it is refused with a message rather than sent to the database.
 */
export const SEARCH_MAX = 100;
export const PEOPLE_SEARCH_TOO_LONG_MESSAGE = `Search text must be at most ${SEARCH_MAX} characters`;

/** GET /api/search?q=: a missing or blank `q` is an empty search, not an error (docs/api.md). */
export const SearchQuerySchema = z.object({
  q: text("Search text", { maxUnits: SEARCH_MAX, tooLong: PEOPLE_SEARCH_TOO_LONG_MESSAGE })
    .trim()
    .optional()
    .default(""),
});

export const SUGGESTED_DEFAULT = 12;
export const EXCLUDE_MESSAGE = "Exclude must be a user id";
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const SUGGESTED_MAX = 50;
/** Refreshing pages through a bounded candidate list (lib/users/suggestions.ts); past it is as good as 0. */
export const SUGGESTED_OFFSET_MAX = 10_000;

/** A non-negative integer in a query string: digits only, at most six, so nothing huge is ever parsed. */
function count(label: string) {
  const message = `${label} must be a whole number`;
  return text(label, { maxUnits: 6, tooLong: message }).regex(/^\d+$/, message).transform(Number);
}

/**
 * GET /api/search/suggested?limit=&offset=. `limit` 1–50 (docs/api.md: list limits are clamped, so a
 * larger one gives 50); `offset` is how many suggestions the client has already been shown, which
 * is how its 'refresh' link gets the next ones.
 */
export const SuggestedQuerySchema = z.object({
  limit: count("Limit")
    .refine((n) => n >= 1, LIMIT_MIN_MESSAGE)
    .transform((n) => Math.min(n, SUGGESTED_MAX))
    .optional()
    .default(SUGGESTED_DEFAULT),
  offset: count("Offset")
    .refine((n) => n <= SUGGESTED_OFFSET_MAX, `Offset must be at most ${SUGGESTED_OFFSET_MAX}`)
    .optional()
    .default(0),
  // The person whose profile the list is shown beside (docs/decisions/042): never suggested there.
  exclude: text("Exclude", { maxUnits: 36, tooLong: EXCLUDE_MESSAGE })
    .regex(UUID_PATTERN, EXCLUDE_MESSAGE)
    .transform((v) => v.toLowerCase())
    .optional(),
});
