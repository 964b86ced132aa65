import { handle } from "@/lib/api/handle";
import { loginUser } from "@/lib/auth/accounts";
import { toMe } from "@/lib/users/me";
import { DEVICE_COOKIE } from "@/lib/auth/devices";
import { clientIp, setDeviceCookie, requestLocale, setSessionCookie } from "@/lib/auth/request";
import { readCookie } from "@/lib/http/request";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";

export const POST = handle("POST /api/auth/login", async ({ body: input, req }) => {
  const result = await loginUser({
    db: getDb(),
    input,
    ip: clientIp(req),
    deviceToken: readCookie(req, DEVICE_COOKIE),
    userAgent: req.headers.get("user-agent"),
    language: requestLocale(req),
  });
  // Two-factor sign-in on: no token and no session cookie until POST /api/auth/2fa/verify (docs/decisions/073).
  const res = result.twoFactor
    ? json({ twoFactorRequired: true, challenge: result.challenge })
    : json({ token: result.token, user: await toMe({ db: getDb(), user: result.user }) });
  if (!result.twoFactor) setSessionCookie(res, req, result.token, result.user.language);
  if (result.newDeviceToken) setDeviceCookie(res, req, result.newDeviceToken);
  return res;
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
