import { toMe } from "@/lib/users/me";
import { setSessionCookie } from "@/lib/auth/request";
import { verifyTwoFactorChallenge } from "@/lib/auth/two-factor-challenge";
import { getDb } from "@/lib/db/client";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readJson } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { VerifyTwoFactorSchema } from "@/lib/validation/two-factor";

// The second step of a sign-in: the answer and the cookie are a login's (docs/decisions/073).
export const POST = route(async (req) => {
  const { challenge, code, recoveryCode } = await readJson(req, VerifyTwoFactorSchema, BODY_LIMITS.auth);
  const factor =
    code !== undefined ? { kind: "totp" as const, code } : { kind: "recovery" as const, code: recoveryCode! };
  const db = getDb();
  const { user, token } = await verifyTwoFactorChallenge({
    db,
    challenge,
    factor,
    userAgent: req.headers.get("user-agent"),
  });
  const res = json({ token, user: await toMe({ db, user }) });
  setSessionCookie(res, req, token);
  return res;
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
