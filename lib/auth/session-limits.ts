// The Security screen's sessions (lib/auth/session-list.ts): plain values, for the API reference too.

/** Sessions listed at most, the most recently used first: a person signed in on more devices than this sees the latest. */
export const SESSIONS_LISTED_MAX = 100;
/** The part of a user agent read for its browser and system (a longer one names nothing more). */
export const USER_AGENT_PARSED_MAX = 512;
export const SESSION_NOT_FOUND_MESSAGE = "Session not found";
/** A session unused this long expires (docs/decisions/001). */
export const SESSION_IDLE_DAYS = 30;

/** The answer to every sign-in of a suspended account. */
export const SUSPENDED_MESSAGE =
  "This account is suspended by Inkwell's operators. Reply to the mail they sent to ask why or to appeal.";

/**
 * `/login?reason=session-ended`: where a page sends a browser whose session was refused, a cookie
 * or token that no longer names a live session (docs/decisions/098). Why it ended is not known
 * then, so the login page names every way it can end; nothing in it is about the account.
 */
export const SESSION_ENDED_REASON = "session-ended";
export const LOGIN_AFTER_SESSION_ENDED = `/login?reason=${SESSION_ENDED_REASON}`;
export const SESSION_ENDED_MESSAGE = `You were signed out because this session ended: it was signed out from another device, the password was changed or reset, or it went unused for ${SESSION_IDLE_DAYS} days. Sign in again.`;
export const INVALID_SESSION_MESSAGE = "Invalid or expired session";
export const NOT_STARTED_HERE_MESSAGE = "This sign-in was not started in this browser";
export const CROSS_ORIGIN_MESSAGE = "Cross-origin request refused";
