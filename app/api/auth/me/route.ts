import { toSessionMe } from "@/lib/users/me";
import { hasSessionCookie, requireUser, setSessionCookie } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { json, otherMethods, route } from "@/lib/http/respond";

export const GET = route(async (req) => {
  const { user, token } = await requireUser(req);
  const res = json(await toSessionMe({ db: getDb(), user }));
  // A page holding a valid token in localStorage but no cookie (cleared, or set by /oauth-success)
  // gets the cookie back, so server-rendered pages and proxy.ts agree with the client.
  if (!hasSessionCookie(req, token)) setSessionCookie(res, req, token);
  return res;
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
