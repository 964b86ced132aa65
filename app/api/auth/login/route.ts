import { loginUser } from "@/lib/auth/accounts";
import { toMe } from "@/lib/users/me";
import { DEVICE_COOKIE } from "@/lib/auth/devices";
import { clientIp, setDeviceCookie, setSessionCookie } from "@/lib/auth/request";
import { readCookie } from "@/lib/http/request";
import { getDb } from "@/lib/db/client";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readJson } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { LoginSchema } from "@/lib/validation/auth";

export const POST = route(async (req) => {
  const input = await readJson(req, LoginSchema, BODY_LIMITS.auth);
  const result = await loginUser({
    db: getDb(),
    input,
    ip: clientIp(req),
    deviceToken: readCookie(req, DEVICE_COOKIE),
    userAgent: req.headers.get("user-agent"),
  });
  // Two-factor sign-in on: no token and no session cookie until POST /api/auth/2fa/verify (docs/decisions/073).
  const res = result.twoFactor
    ? json({ twoFactorRequired: true, challenge: result.challenge })
    : json({ token: result.token, user: await toMe({ db: getDb(), user: result.user }) });
  if (!result.twoFactor) setSessionCookie(res, req, result.token);
  if (result.newDeviceToken) setDeviceCookie(res, req, result.newDeviceToken);
  return res;
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
