// "This was not me" (lib/auth/not-me.ts, docs/decisions/101): plain values, for the page and the API reference too.

import { EMAIL_CHANGE_UNDO_DAYS } from "./email-change-limits";

/** Days the link in the notice of a new way in works: the email-change undo's period (docs/decisions/072). */
export const NOT_ME_LINK_DAYS = EMAIL_CHANGE_UNDO_DAYS;
export const INVALID_NOT_ME_LINK = "Invalid or expired link";
export const NOT_ME_DONE =
  "Every way in to the account has ended, and a link to choose a new password was mailed to its address";
