import { handle } from "@/lib/api/handle";
import { after } from "next/server";
import { notMeDoneMail, redeemNotMeLink } from "@/lib/auth/not-me";
import { NOT_ME_DONE } from "@/lib/auth/not-me-limits";
import { linkBaseFor } from "@/lib/auth/origins";
import { issueResetLink } from "@/lib/auth/password-reset";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";

// "This was not me", from the notice of a new way in (docs/decisions/101): the link proves the
// mailbox, so no session is needed. Every way in ends, and a link to choose a new password goes
// to the address.
export const POST = handle("POST /api/auth/not-me/{token}", async ({ req, params }) => {
  const db = getDb();
  const ended = await redeemNotMeLink({ db, token: params.token });
  const resetLink = await issueResetLink({ db, userId: ended.userId, appUrl: linkBaseFor(req) });
  const mail = notMeDoneMail({
    locale: ended.browserLanguage,
    to: ended.email,
    name: ended.name,
    username: ended.username,
    resetLink,
    gone: ended.gone,
  });
  after(() => sendMail(mail).catch((err: unknown) => logError("mail", "The not-me mail could not be sent", err)));
  return json({ message: NOT_ME_DONE });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
