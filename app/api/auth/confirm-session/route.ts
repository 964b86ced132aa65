import { hasSessionCookie } from "@/lib/auth/request";
import { getSessionUser } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import { ForbiddenError, UnauthorizedError } from "@/lib/errors";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readJson } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { ConfirmSessionSchema } from "@/lib/validation/auth";
import { INVALID_SESSION_MESSAGE, NOT_STARTED_HERE_MESSAGE } from "@/lib/auth/session-limits";

/**
 * For /oauth-success: is this token the one the Google callback just set as this browser's
 * httpOnly session cookie? Only then may the page keep it; a token in a link someone else sent is
 * not (login CSRF, docs/decisions/012). Compares only; never sets or clears a cookie.
 */
export const POST = route(async (req) => {
  const { token } = await readJson(req, ConfirmSessionSchema, BODY_LIMITS.auth);
  if (!hasSessionCookie(req, token)) throw new ForbiddenError(NOT_STARTED_HERE_MESSAGE);
  if (!(await getSessionUser({ db: getDb(), token }))) throw new UnauthorizedError(INVALID_SESSION_MESSAGE);
  return json({ message: "Sign-in confirmed" });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
