// The inbox's page sizes and how many ids one mark-read takes: no `server-only`, no zod, for the API
// reference (lib/openapi), the validation and the browser.
export const NOTIFICATIONS_PAGE_SIZE_DOC = 20;
export const HEARTS_PAGE_SIZE_DOC = 50;
export const READ_IDS_MAX = 100;
export const NOTIFICATIONS_READ_BODY_MESSAGE = 'Send "ids" (the notifications to mark read) or "all": true';
export const NOTIFICATION_ID_MESSAGE = "Each id must be a notification's id";
export const NOTIFICATION_IDS_TOO_MANY_MESSAGE = `At most ${READ_IDS_MAX} ids at once`;

/** The live stream (docs/decisions/064): a comment this often keeps proxies from closing it, and the session is checked again. */
export const STREAM_HEARTBEAT_MS = 25_000;
/** How long a browser waits before it opens a stream again (`retry:`), and the Retry-After of a refused one. */
export const STREAM_RETRY_MS = 5_000;
/** Open streams per person on one instance (tabs and devices): past it, 429. */
export const STREAMS_PER_USER_MAX = 5;
export const TOO_MANY_STREAMS_MESSAGE = `At most ${STREAMS_PER_USER_MAX} live notification streams at once; close a tab or try again later`;
