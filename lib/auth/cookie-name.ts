/** Name of the httpOnly cookie holding the session token (shared by proxy.ts and lib/auth). */
export const SESSION_COOKIE = "session";
