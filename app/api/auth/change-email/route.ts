import { handle } from "@/lib/api/handle";
import { after } from "next/server";
import { requestEmailChange } from "@/lib/auth/email-change";
import { EMAIL_CHANGE_SENT } from "@/lib/auth/email-change-limits";
import { linkBaseFor } from "@/lib/auth/origins";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";

export const POST = handle("POST /api/auth/change-email", async ({ user, body: { newEmail, password }, req }) => {
  const mails = await requestEmailChange({
    db: getDb(),
    userId: user.id,
    password,
    newEmail,
    linkBase: linkBaseFor(req),
    allowedDomains: config().SIGNUP_EMAIL_DOMAINS,
  });
  after(() =>
    Promise.all(mails.map((m) => sendMail(m))).catch((err: unknown) =>
      logError("mail", "An address-change mail could not be sent", err),
    ),
  );
  return json({ message: EMAIL_CHANGE_SENT });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
