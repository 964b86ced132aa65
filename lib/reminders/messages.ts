// Words the reminder's routes answer with; no server-only, so lib/openapi and the pages can name them.

export const UNSUBSCRIBE_NOT_FOUND = "This unsubscribe link is not valid";
