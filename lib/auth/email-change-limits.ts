import { EMAIL_CHANGE_SENT_MESSAGE, EMAIL_CHANGED_MESSAGE, EMAIL_CHANGE_UNDONE_MESSAGE } from "@/lib/contract/messages";
// Changing the account's address (lib/auth/email-change.ts): plain values, for the form and the API reference too.

/** Hours a confirmation link for a new address stays open. */
export const EMAIL_CHANGE_TOKEN_HOURS = 24;
/** Asks per account an hour, each one a mail to the new address and a notice to the old (429 past it). */
export const EMAIL_CHANGE_MAX_PER_HOUR = 5;
export const SAME_EMAIL_MESSAGE = "That is already your address";
export const EMAIL_TAKEN_MESSAGE = "Email already in use";
export const NO_PASSWORD_FOR_EMAIL_MESSAGE = "This account signs in with Google and has no password to confirm it with";
export const INVALID_EMAIL_CHANGE_TOKEN = "Invalid or expired link";
/** Days the old address may undo a completed change (docs/decisions/072), as the big mail providers allow. */
export const EMAIL_CHANGE_UNDO_DAYS = 7;
/** The answers' words, whose one home is lib/contract/messages.ts: these names stay for the API tests (docs/decisions/107). */
export const EMAIL_CHANGE_SENT = EMAIL_CHANGE_SENT_MESSAGE;
export const EMAIL_CHANGED = EMAIL_CHANGED_MESSAGE;
/** tests/api's name for the answer's words, whose one home is lib/contract/messages.ts (docs/decisions/107). */
export const EMAIL_CHANGE_UNDONE = EMAIL_CHANGE_UNDONE_MESSAGE;
