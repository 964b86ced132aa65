import { handle } from "@/lib/api/handle";
import { after } from "next/server";
import { registerUser } from "@/lib/auth/accounts";
import { toMe } from "@/lib/users/me";
import { sendVerificationMailAfterResponse } from "@/lib/auth/email-verification";
import { linkBaseFor } from "@/lib/auth/origins";
import { clientIp, setDeviceCookie, requestLocale, setSessionCookie } from "@/lib/auth/request";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { sendMail } from "@/lib/mail";

export const POST = handle("POST /api/auth/register", async ({ body: input, req }) => {
  const { user, token, deviceToken } = await registerUser({
    db: getDb(),
    input,
    allowedDomains: config().SIGNUP_EMAIL_DOMAINS,
    ip: clientIp(req),
    limitPerHour: config().SIGNUP_LIMIT_PER_HOUR,
    userAgent: req.headers.get("user-agent"),
    language: requestLocale(req),
  });
  // The link that proves the address goes out after the answer (docs/decisions/009, 011).
  const linkBase = linkBaseFor(req);
  after(() => sendVerificationMailAfterResponse({ db: getDb(), userId: user.id, linkBase, sendMail }));
  const { _id, id, name, username, email } = await toMe({ db: getDb(), user });
  // Signed in at once, like a login: the token for the original client, the cookie for our pages.
  const res = json({ user: { _id, id, name, username, email }, token }, { status: 201 });
  setSessionCookie(res, req, token, user.language);
  if (deviceToken) setDeviceCookie(res, req, deviceToken);
  return res;
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
