// The feed's page size without zod: the feed page imports it, and the browser need not download a
// schema library for one number (as lib/validation/journal-limits.ts).

/** docs/product.md §9: the feed's page size. */
export const FEED_PAGE_SIZE = 10;
