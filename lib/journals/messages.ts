// The diary's refusals and answers (lib/journals): plain values, no `server-only`, for the
// endpoints' definitions, the browser and the offline worker too (docs/decisions/107).
export const JOURNAL_NOT_FOUND = "Journal not found";
export const JOURNAL_DELETED_MESSAGE = "Journal deleted successfully";
export const NO_JOURNAL_FOR_DATE = "No journal found for this date";
export const JOURNAL_EXISTS_MESSAGE = "Journal entry already exists for this date";
export const OWN_JOURNAL_ONLY_MESSAGE = "You can only download your own journal";
export const NO_ENTRIES_TO_DOWNLOAD_MESSAGE = "No journal entries found to download.";
