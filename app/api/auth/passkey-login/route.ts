import { toMe } from "@/lib/users/me";
import { loginWithPasskey } from "@/lib/auth/passkeys";
import { clientIp, setSessionCookie } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readJson } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { PasskeyLoginSchema } from "@/lib/validation/passkeys";

// Signing in with a passkey answers as a password login does (docs/decisions/079).
export const POST = route(async (req) => {
  const input = await readJson(req, PasskeyLoginSchema, BODY_LIMITS.passkey);
  const { user, token } = await loginWithPasskey({
    db: getDb(),
    input,
    ip: clientIp(req),
    userAgent: req.headers.get("user-agent"),
  });
  const res = json({ token, user: await toMe({ db: getDb(), user }) });
  setSessionCookie(res, req, token);
  return res;
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
