// "This was not me" (lib/auth/not-me.ts, docs/decisions/101): plain values, for the page and the API reference too.

import { EMAIL_CHANGE_UNDO_DAYS, INVALID_EMAIL_CHANGE_TOKEN } from "./email-change-limits";
import { NOT_ME_DONE_MESSAGE } from "@/lib/contract/messages";

/** Days the link in the notice of a new way in works: the email-change undo's period (docs/decisions/072). */
export const NOT_ME_LINK_DAYS = EMAIL_CHANGE_UNDO_DAYS;
/** tests/api's name for the answer's words, whose one home is lib/contract/messages.ts (docs/decisions/107). */
export const NOT_ME_DONE = NOT_ME_DONE_MESSAGE;
/** tests/api's name for the answer's words, whose one home is ./email-change-limits.ts (docs/decisions/107). */
export const INVALID_NOT_ME_LINK = INVALID_EMAIL_CHANGE_TOKEN;
