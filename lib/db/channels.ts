import { sql, type SQL } from "drizzle-orm";

/**
 * The PostgreSQL NOTIFY channel of inbox changes; its payload is only a person's id (docs/decisions/064).
 * lib/notifications/live.ts listens on it; it lives beside the database so that what ends a session
 * (lib/auth, lib/users, lib/admin) can notify it without importing lib/notifications.
 */
export const INBOX_CHANNEL = "inkwell_inbox";

/** `select pg_notify(…)` for one person: their inbox (or their sessions) changed. */
export function inboxChanged(userId: SQL | string): SQL {
  return sql`select pg_notify(${INBOX_CHANNEL}, ${userId}::text)`;
}
