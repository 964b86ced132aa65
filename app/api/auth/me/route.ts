import { handle } from "@/lib/api/handle";
import { toSessionMe } from "@/lib/users/me";
import { hasSessionCookie, setSessionCookie } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";

export const GET = handle("GET /api/auth/me", async ({ user, token, req }) => {
  const res = json(await toSessionMe({ db: getDb(), user }));
  // A page holding a valid token in localStorage but no cookie (cleared, or set by /oauth-success)
  // gets the cookie back, so server-rendered pages and proxy.ts agree with the client.
  if (!hasSessionCookie(req, token)) setSessionCookie(res, req, token);
  return res;
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
