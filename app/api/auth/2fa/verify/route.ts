import { handle } from "@/lib/api/handle";
import { toMe } from "@/lib/users/me";
import { requestLocale, setSessionCookie } from "@/lib/auth/request";
import { verifyTwoFactorChallenge } from "@/lib/auth/two-factor-challenge";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";

// The second step of a sign-in: the answer and the cookie are a login's (docs/decisions/073).
export const POST = handle("POST /api/auth/2fa/verify", async ({ body: { challenge, code, recoveryCode }, req }) => {
  const factor =
    code !== undefined ? { kind: "totp" as const, code } : { kind: "recovery" as const, code: recoveryCode! };
  const db = getDb();
  const { user, token } = await verifyTwoFactorChallenge({
    db,
    challenge,
    factor,
    userAgent: req.headers.get("user-agent"),
    language: requestLocale(req),
  });
  const res = json({ token, user: await toMe({ db, user }) });
  setSessionCookie(res, req, token, user.language);
  return res;
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
