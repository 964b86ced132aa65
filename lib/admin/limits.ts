// The operators' page (docs/decisions/069): no `server-only`, no zod.

/** Open reports shown at once, oldest first; and the latest actions of the record. */
export const ADMIN_REPORTS_MAX = 100;
export const ADMIN_ACTIONS_SHOWN = 50;
export const MODERATION_NOTE_MAX = 500;
export const MODERATION_NOTE_REQUIRED_MESSAGE = "Say why: the person is told";
export const MODERATION_NOTE_TOO_LONG_MESSAGE = `A moderation note must be at most ${MODERATION_NOTE_MAX} characters`;
export const REPORT_CLOSED_MESSAGE = "This report is no longer open";
export const ALREADY_SUSPENDED_MESSAGE = "This account is already suspended";
export const NOT_SUSPENDED_MESSAGE = "This account is not suspended";
export const REPORT_DISMISSED_MESSAGE = "Report dismissed";
export const SUSPENSION_LIFTED_MESSAGE = "Suspension lifted";
