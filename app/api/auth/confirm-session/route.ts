import { handle } from "@/lib/api/handle";
import { hasSessionCookie } from "@/lib/auth/request";
import { getSessionUser } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import { ForbiddenError, UnauthorizedError } from "@/lib/errors";
import { json, otherMethods } from "@/lib/http/respond";
import { INVALID_SESSION_MESSAGE, NOT_STARTED_HERE_MESSAGE } from "@/lib/auth/session-limits";

/**
 * For /oauth-success: is this token the one the Google callback just set as this browser's
 * httpOnly session cookie? Only then may the page keep it; a token in a link someone else sent is
 * not (login CSRF, docs/decisions/012). Compares only; never sets or clears a cookie.
 */
export const POST = handle("POST /api/auth/confirm-session", async ({ body: { token }, req }) => {
  if (!hasSessionCookie(req, token)) throw new ForbiddenError(NOT_STARTED_HERE_MESSAGE);
  if (!(await getSessionUser({ db: getDb(), token }))) throw new UnauthorizedError(INVALID_SESSION_MESSAGE);
  return json({ message: "Sign-in confirmed" });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
