// The feed's page size without zod: the feed page imports it, and the browser need not download a
// schema library for one number (as lib/validation/journal-limits.ts).

/** docs/product.md §9: the feed's page size. */
export const FEED_PAGE_SIZE = 10;
export const INVALID_CURSOR = "Invalid cursor";
export const LIMIT_WHOLE_MESSAGE = "Limit must be a whole number";
export const LIMIT_MIN_MESSAGE = "Limit must be at least 1";
export const PAGE_MIN_MESSAGE = "Page must be at least 1";
