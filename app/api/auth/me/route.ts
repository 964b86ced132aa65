import { handle } from "@/lib/api/handle";
import { toSessionMe } from "@/lib/users/me";
import { hasSessionCookie, setLanguageCookie, setSessionCookie } from "@/lib/auth/request";
import { readCookie } from "@/lib/http/request";
import { LANGUAGE_COOKIE } from "@/lib/i18n/choose";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";

export const GET = handle("GET /api/auth/me", async ({ user, token, req }) => {
  const res = json(await toSessionMe({ db: getDb(), user }));
  // A page holding a valid token in localStorage but no cookie (cleared, or set by /oauth-success)
  // gets the cookie back, so server-rendered pages and proxy.ts agree with the client.
  if (!hasSessionCookie(req, token)) setSessionCookie(res, req, token, user.language);
  // The account's language follows it to this browser (docs/decisions/144), even one signed in by
  // Google or before the language was chosen elsewhere.
  else if (user.language && readCookie(req, LANGUAGE_COOKIE) !== user.language)
    setLanguageCookie(res, req, user.language);
  return res;
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
