import { z } from "zod";
import { parseSearch } from "./search-text";
import {
  DIARY_SEARCH_MAX,
  DIARY_SEARCH_WORDS_MAX,
  TAG_MAX,
  TIMELINE_LIMIT_MAX,
  TIMELINE_PAGE_SIZE,
} from "@/lib/validation/diary-limits";
import { text } from "@/lib/validation/fields";
import { sealedEntryShape } from "@/lib/validation/lock";
import { isCalendarDate } from "@/lib/validation/journal-limits";
import { INVALID_CURSOR } from "@/lib/validation/feed-limits";

// The query strings of the diary's read back (docs/api.md "Journals"): the List view's pages, the
// search of one's own entries and its tag filter.

export const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${TIMELINE_LIMIT_MAX}`;
export const SEARCH_REQUIRED_MESSAGE = "Search needs words (q) or a tag";
export const SEARCH_TOO_LONG_MESSAGE = `Search must be at most ${DIARY_SEARCH_MAX} characters`;
export const TOO_MANY_WORDS_MESSAGE = `Search must have at most ${DIARY_SEARCH_WORDS_MAX} words`;
export const TAG_MESSAGE = "Tag must be letters, digits, _ or -, at most 64 of them";

/** A #tag's word as inkwell_tags finds it (migration 0015), with or without its #. */
const TAG_PATTERN = /^#?[\p{L}\p{N}_][\p{L}\p{N}_-]*$/u;

/** GET /api/journals?cursor=&limit=: `cursor` is the `nextCursor` of the page before (a journal day). */
export const TimelineQuerySchema = z.object({
  limit: text("Limit", { maxUnits: 3, tooLong: LIMIT_MESSAGE })
    .regex(/^\d+$/, LIMIT_MESSAGE)
    .transform(Number)
    .refine((n) => n >= 1 && n <= TIMELINE_LIMIT_MAX, LIMIT_MESSAGE)
    .optional()
    .default(TIMELINE_PAGE_SIZE),
  cursor: text("Cursor", { maxUnits: 10, tooLong: INVALID_CURSOR }).refine(isCalendarDate, INVALID_CURSOR).optional(),
});

/**
 * GET /api/journals/search?q=&tag=&cursor=: words, a tag, or both. `cursor` is the previous page's
 * `nextCursor`, opaque (lib/diary/search-cursor.ts); its shape is checked where it is read.
 */
export const DiarySearchQuerySchema = z
  .object({
    q: text("Search", { maxUnits: DIARY_SEARCH_MAX, tooLong: SEARCH_TOO_LONG_MESSAGE })
      .refine((q) => parseSearch(q).words <= DIARY_SEARCH_WORDS_MAX, TOO_MANY_WORDS_MESSAGE)
      .optional(),
    tag: text("Tag", { maxUnits: TAG_MAX, tooLong: TAG_MESSAGE }).regex(TAG_PATTERN, TAG_MESSAGE).optional(),
    cursor: text("Cursor", { maxUnits: 64, tooLong: INVALID_CURSOR }).optional(),
  })
  .refine((v) => (v.q !== undefined && v.q.trim() !== "") || v.tag !== undefined, {
    message: SEARCH_REQUIRED_MESSAGE,
    path: ["q"],
  });

export type DiarySearchQuery = z.infer<typeof DiarySearchQuerySchema>;

/** POST /api/journals/{id}/versions/{versionId}/restore: `unseal`, as a readable write over a locked page names it. */
export const RestoreVersionQuerySchema = z.object({ unseal: sealedEntryShape.unseal });
