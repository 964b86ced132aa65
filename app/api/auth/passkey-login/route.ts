import { handle } from "@/lib/api/handle";
import { toMe } from "@/lib/users/me";
import { loginWithPasskey } from "@/lib/auth/passkeys";
import { clientIp, requestLocale, setSessionCookie } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";

// Signing in with a passkey answers as a password login does (docs/decisions/079).
export const POST = handle("POST /api/auth/passkey-login", async ({ body: input, req }) => {
  const { user, token } = await loginWithPasskey({
    db: getDb(),
    input,
    ip: clientIp(req),
    userAgent: req.headers.get("user-agent"),
    language: requestLocale(req),
  });
  const res = json({ token, user: await toMe({ db: getDb(), user }) });
  setSessionCookie(res, req, token, user.language);
  return res;
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
