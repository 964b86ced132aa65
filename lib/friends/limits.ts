// The limits on sending friend requests (docs/decisions/042), without server-only imports, so the
// OpenAPI document (lib/openapi) can quote them.

/** How many friend requests one account may send (docs/decisions/042): enough for a busy first day of befriending. */
export const FRIEND_REQUESTS_PER_HOUR = 20;
export const FRIEND_REQUESTS_PER_DAY = 50;
export const TOO_MANY_REQUESTS = "You have sent too many friend requests. Please try again later.";
/** Someone who declined a request is not asked again by its sender for this long (docs/decisions/042). */
export const REJECTION_COOLDOWN_DAYS = 7;

/** The message of a send refused while the other person's rejection is fresh. */
export function cooldownMessage(retryAfterSeconds: number): string {
  const days = Math.ceil(retryAfterSeconds / (24 * 60 * 60));
  if (days > 1) return `This person declined your last friend request. You can ask again in ${days} days.`;
  const hours = Math.max(1, Math.ceil(retryAfterSeconds / (60 * 60)));
  return `This person declined your last friend request. You can ask again in ${hours} hour${hours === 1 ? "" : "s"}.`;
}
export const FRIEND_REQUEST_ACCEPTED_MESSAGE = "Friend request accepted";
export const FRIEND_REQUEST_REJECTED_MESSAGE = "Friend request rejected";
export const REQUEST_NOT_FOUND = "Friend request not found";
export const SELF_REQUEST_MESSAGE = "You cannot send a friend request to yourself";
export const REQUEST_EXISTS_MESSAGE = "Friend request already exists";
export const ALREADY_FRIENDS_MESSAGE = "You are already friends with this user";
export const FRIEND_NOT_FOUND_MESSAGE = "Friend not found";
