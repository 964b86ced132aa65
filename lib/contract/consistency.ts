// What a public profile's Consistency and Active Writer badge need before they mean anything
// (docs/decisions/099): no `server-only`, no zod, for the API reference (lib/openapi) and the browser.

/** Consistency is a share of days: over fewer days than this it is not yet said (null), and no badge is earned. */
export const CONSISTENCY_MIN_DAYS = 7;

/** The Active Writer badge: a page on at least this share of the days, over at least CONSISTENCY_MIN_DAYS (docs/decisions/023, 099). */
export const ACTIVE_WRITER_MIN_CONSISTENCY = 50;
