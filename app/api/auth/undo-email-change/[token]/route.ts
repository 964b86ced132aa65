import { handle } from "@/lib/api/handle";
import { after } from "next/server";
import { changeUndoneMail, undoEmailChange } from "@/lib/auth/email-change";
import { EMAIL_CHANGE_UNDONE } from "@/lib/auth/email-change-limits";
import { linkBaseFor } from "@/lib/auth/origins";
import { issueResetLink } from "@/lib/auth/password-reset";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";

// The link mailed to the address a change of address left (docs/decisions/072): it proves that
// mailbox, so no session is needed. The address comes back, every way in ends, and a link to
// choose a new password goes to the address.
export const POST = handle("POST /api/auth/undo-email-change/{token}", async ({ req, params }) => {
  const db = getDb();
  const undone = await undoEmailChange({ db, token: params.token });
  const resetLink = await issueResetLink({ db, userId: undone.userId, appUrl: linkBaseFor(req) });
  const mail = changeUndoneMail({
    locale: undone.browserLanguage,
    to: undone.email,
    name: undone.name,
    username: undone.username,
    resetLink,
    gone: undone.gone,
  });
  after(() =>
    sendMail(mail).catch((err: unknown) => logError("mail", "The change-undone mail could not be sent", err)),
  );
  return json({ message: EMAIL_CHANGE_UNDONE });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
