/**
 * The PostgreSQL NOTIFY channel of inbox changes; its payload is only a person's id (docs/decisions/064).
 * lib/notifications/live.ts listens on it; it lives beside the database so that what ends a session
 * (lib/auth, lib/users, lib/admin) can notify it without importing lib/notifications.
 */
export const INBOX_CHANNEL = "inkwell_inbox";
