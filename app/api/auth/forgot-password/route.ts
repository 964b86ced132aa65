import { handle } from "@/lib/api/handle";
import { after } from "next/server";
import { FORGOT_PASSWORD_MESSAGE, limitForgotPassword, requestPasswordReset } from "@/lib/auth/password-reset";
import { linkBaseFor } from "@/lib/auth/origins";
import { clientIp } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";

export const POST = handle("POST /api/auth/forgot-password", async ({ body: { email }, req }) => {
  const db = getDb();
  await limitForgotPassword({ db, email, ip: clientIp(req) });
  // The lookup, the token and the mail happen after the answer, which is therefore the same, at
  // the same speed, for known and unknown emails (docs/decisions/009). The link opens on the
  // asking client's origin when CORS_ORIGINS allows it (docs/decisions/012).
  const appUrl = linkBaseFor(req);
  after(() =>
    requestPasswordReset({ db, email, appUrl, sendMail }).catch((err: unknown) => {
      logError("mail", "The password-reset mail could not be sent", err);
    }),
  );
  return json({ message: FORGOT_PASSWORD_MESSAGE });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
