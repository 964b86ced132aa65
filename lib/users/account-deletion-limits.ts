import { ACCOUNT_DELETION_CANCELLED_MESSAGE, ACCOUNT_DELETION_SCHEDULED_MESSAGE } from "@/lib/contract/messages";
// Deleting one's account (lib/users/account-deletion.ts, docs/decisions/075): plain values, for
// the form, the banner and the API reference too.

import { RECENT_SIGN_IN_MINUTES } from "@/lib/auth/step-up-limits";

/** A Google-only account proves it is its owner by a Google sign-in at most this long ago (lib/auth/step-up.ts). */
export const FRESH_SIGN_IN_MINUTES = RECENT_SIGN_IN_MINUTES;
/** Accounts deleted by one housekeeping pass at most; the next pass takes the rest. */
export const ACCOUNTS_DELETED_PER_PASS = 50;

export const NO_PASSWORD_TO_DELETE_MESSAGE = `This account signs in with Google: sign in with Google again, then delete it within ${RECENT_SIGN_IN_MINUTES} minutes`;
export const DELETION_ALREADY_SCHEDULED_MESSAGE = "Your account is already set to be deleted";
export const NO_DELETION_SCHEDULED_MESSAGE = "Your account is not set to be deleted";
/** The answers' words, whose one home is lib/contract/messages.ts: these names stay for the API tests (docs/decisions/107). */
export const DELETION_SCHEDULED_MESSAGE = ACCOUNT_DELETION_SCHEDULED_MESSAGE;
export const DELETION_CANCELLED_MESSAGE = ACCOUNT_DELETION_CANCELLED_MESSAGE;
