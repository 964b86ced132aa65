// The diary's read-back limits without zod: the List view and the search box import them, and the
// browser need not download a schema library for a few numbers (as ./feed-limits.ts).

/**
 * docs/product.md "Read back": the List view's page, and the most a caller may ask for: a whole
 * diary read at once (a locked diary's search, its export) takes 200 a request (docs/decisions/123).
 */
export const TIMELINE_PAGE_SIZE = 20;
export const TIMELINE_LIMIT_MAX = 200;
/**
 * The most text one page of the List carries, in bytes of its entries' text (titles, words, photo
 * descriptions, readable or sealed): fewer entries than asked for when they are long, never none.
 * 200 ordinary pages fit; a few imported ones of 200 000 characters do not (docs/decisions/123).
 */
export const TIMELINE_PAGE_BYTES = 1_000_000;
/** A search's page of hits. */
export const DIARY_SEARCH_PAGE_SIZE = 20;
/** The longest search text, in UTF-16 units, and the most words (a phrase's words count). */
export const DIARY_SEARCH_MAX = 200;
export const DIARY_SEARCH_WORDS_MAX = 16;
/** A tag as inkwell_tags keeps it (migration 0015): at most 64 characters, and the leading # it may be written with. */
export const TAG_MAX = 65;
