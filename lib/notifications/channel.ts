/** The PostgreSQL NOTIFY channel of inbox changes; its payload is only a person's id (docs/decisions/064). */
export const INBOX_CHANNEL = "inkwell_inbox";
