// Reports' limits and messages (docs/decisions/068): no `server-only`, no zod, for the API reference,
// the validation and the browser.

export const REPORT_REASONS = ["spam", "harassment", "self-harm", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam",
  harassment: "Harassment or bullying",
  "self-harm": "Someone may be at risk of self-harm",
  other: "Something else",
};

/** The optional note, in characters as a person sees them after trimming. */
export const REPORT_NOTE_MAX = 500;
/** Reports one person may send an hour. */
export const REPORTS_PER_HOUR = 20;

export const REPORT_TARGET_MESSAGE = "Say what you report: one of journalId, replyId or userId";
export const REPORT_REASON_MESSAGE = `Choose a reason: ${REPORT_REASONS.join(", ")}`;
export const REPORT_NOTE_TOO_LONG_MESSAGE = `A note must be at most ${REPORT_NOTE_MAX} characters`;
export const REPORT_ID_MESSAGE = "Each id must be an id";
export const REPORT_OWN_MESSAGE = "You cannot report yourself or what you wrote";
export const REPORT_EXISTS_MESSAGE = "You have already reported this; the operators will look at it";
export const REPORT_NOT_FOUND_MESSAGE = "Nothing to report here";
