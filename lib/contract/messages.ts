// The success answers' fixed messages (docs/api.md): the contract's schemas (z.literal), the route
// handlers that answer them, the endpoints' definitions and the screens that show them read these.
// Plain values, no zod: the browser imports them (docs/decisions/107).
export const REPLY_DELETED_MESSAGE = "Reply deleted";
export const REPLY_SENT_MESSAGE = "Reply sent";
export const FRIEND_REQUEST_CANCELLED_MESSAGE = "Friend request cancelled";
export const FRIEND_REMOVED_MESSAGE = "Removed from close friends successfully";
export const SIGNED_OUT_MESSAGE = "Signed out";
export const OTHER_SESSIONS_ENDED_MESSAGE = "Signed out everywhere else";
export const JOURNAL_UPDATED_MESSAGE = "Journal updated successfully";
export const LIKED_MESSAGE = "Liked journal";
export const UNLIKED_MESSAGE = "Unliked journal";
export const PASSWORD_CHANGED_MESSAGE = "Password changed";
export const TWO_FACTOR_ON_MESSAGE = "Two-factor sign-in is on";
export const TWO_FACTOR_OFF_MESSAGE = "Two-factor sign-in is off";
export const PASSKEY_ADDED_MESSAGE = "Passkey added";
export const PASSKEY_RENAMED_MESSAGE = "Passkey renamed";
export const PASSKEY_REMOVED_MESSAGE = "Passkey removed";
export const REPORT_RECEIVED_MESSAGE = "Report received";
export const EMAIL_CHANGE_UNDONE_MESSAGE =
  "The change is undone: your address is back, and a link to choose a new password was mailed to it";
export const NOT_ME_DONE_MESSAGE =
  "Every way in to the account has ended, and a link to choose a new password was mailed to its address";
export const ACCOUNT_DELETION_SCHEDULED_MESSAGE = "Your account will be deleted";
export const ACCOUNT_DELETION_CANCELLED_MESSAGE = "Your account will not be deleted";
export const EMAIL_CHANGE_SENT_MESSAGE = "A link to confirm the new address was sent to it";
export const EMAIL_CHANGED_MESSAGE = "Email address changed";
