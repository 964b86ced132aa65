// The session cache's bounds (docs/decisions/085), zod-free for the tests.

/** The PostgreSQL NOTIFY channel of drizzle/0030_session_cache_invalidation.sql: a user id, or `*` for everyone. */
export const SESSION_CHANNEL = "inkwell_session_user";
/** How long an instance serves a session's user without asking the database again. */
export const SESSION_CACHE_TTL_MS = 30_000;
/** Sessions kept per instance, the least recently used evicted first. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;
/** After the listening connection fails, the first retry waits this long, doubling up to the next. */
export const SESSION_LISTEN_RETRY_MS = 1_000;
export const SESSION_LISTEN_RETRY_MAX_MS = 30_000;
/** The longest a kept answer waits for the listening connection's round trip (or the statement timeout, if shorter). */
export const SESSION_SYNC_TIMEOUT_MS = 2_000;
