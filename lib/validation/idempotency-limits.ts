// The Idempotency-Key and If-Match headers of entry writes (docs/decisions/081), without zod: the
// outbox (client/outbox.ts) makes its keys to these rules.

/** A UUID is 36 characters; a client may use anything of this charset up to this length. */
export const IDEMPOTENCY_KEY_MAX = 255;
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]+$/;
export const IDEMPOTENCY_KEY_MESSAGE = `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} letters, digits, '.', '_', ':' or '-'.`;
/** How long a key is kept (housekeeping deletes it after): a retry later than this makes a new request. */
export const IDEMPOTENCY_KEY_HOURS = 24;
/** A first request still "running" after this long died on the way: a retry takes its key over. */
export const IDEMPOTENCY_RUNNING_MAX_SECONDS = 60;

export const IDEMPOTENCY_KEY_RUNNING_MESSAGE =
  "A request with this Idempotency-Key is still being processed. Try again in a moment.";
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = "This Idempotency-Key was already used for a different request.";

export const IF_MATCH_MAX = 64;
export const IF_MATCH_MESSAGE =
  'If-Match must be one entry tag: its updatedAt in quotes, e.g. "2026-11-27T09:30:00.000Z".';
export const ENTRY_CHANGED_MESSAGE = "This entry was changed since your edit began; nothing was saved.";

/** An entry's entity tag, for If-Match: its updatedAt, quoted. */
export function entryTag(updatedAt: string): string {
  return `"${updatedAt}"`;
}
