// The Security screen's sessions (lib/auth/session-list.ts): plain values, for the API reference too.

/** Sessions listed at most, the most recently used first: a person signed in on more devices than this sees the latest. */
export const SESSIONS_LISTED_MAX = 100;
/** The part of a user agent read for its browser and system (a longer one names nothing more). */
export const USER_AGENT_PARSED_MAX = 512;
export const SESSION_NOT_FOUND_MESSAGE = "Session not found";
