import { z } from "zod";
import { FEED_PAGE_SIZE, INVALID_CURSOR, LIMIT_MIN_MESSAGE, PAGE_MIN_MESSAGE } from "./feed-limits";
import { text } from "./fields";

// The query string of the friends' feed (docs/api.md "Feed and hearts").

/** docs/api.md: list limits are clamped to 50. */
export const FEED_LIMIT_MAX = 50;
/** Far past any real feed (500 000 entries at 50 a page); it bounds the OFFSET the database skips. */
export const FEED_PAGE_MAX = 10_000;
/** Longer than any cursor the server hands out (lib/feed/cursor.ts). */
export const FEED_CURSOR_MAX = 100;

/** A whole number in a query string: digits only, at most six, so nothing huge is ever parsed. */
function count(label: string) {
  const message = `${label} must be a whole number`;
  return text(label, { maxUnits: 6, tooLong: message }).regex(/^\d+$/, message).transform(Number);
}

/**
 * GET /api/journal/close-circle?page=&limit=&cursor=. `page` 1–10 000 (default 1); `limit` at least 1,
 * larger than 50 gives 50 (default 10). `cursor` is the `nextCursor` of the previous page, opaque
 * to clients; with it the page starts right after that entry and `page` is only echoed back.
 */
export const FeedQuerySchema = z.object({
  page: count("Page")
    .refine((n) => n >= 1, PAGE_MIN_MESSAGE)
    .refine((n) => n <= FEED_PAGE_MAX, `Page must be at most ${FEED_PAGE_MAX}`)
    .optional()
    .default(1),
  limit: count("Limit")
    .refine((n) => n >= 1, LIMIT_MIN_MESSAGE)
    .transform((n) => Math.min(n, FEED_LIMIT_MAX))
    .optional()
    .default(FEED_PAGE_SIZE),
  cursor: text("Cursor", { maxUnits: FEED_CURSOR_MAX, tooLong: INVALID_CURSOR }).optional(),
});

/** GET /api/users/{userId}/journals?cursor=: the previous page's `nextCursor` (lib/feed/cursor.ts). */
export const FriendPageQuerySchema = z.object({
  cursor: text("Cursor", { maxUnits: FEED_CURSOR_MAX, tooLong: INVALID_CURSOR }).optional(),
});
