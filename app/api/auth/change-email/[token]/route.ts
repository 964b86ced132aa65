import { handle } from "@/lib/api/handle";
import { after } from "next/server";
import { confirmEmailChange } from "@/lib/auth/email-change";
import { EMAIL_CHANGED } from "@/lib/auth/email-change-limits";
import { linkBaseFor } from "@/lib/auth/origins";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";

// The link mailed to the new address proves the mailbox; the change was asked for with the
// account's password, so no session is needed to open it (docs/decisions/072). The address it
// left is told, with a link that undoes it.
export const POST = handle("POST /api/auth/change-email/{token}", async ({ req, params }) => {
  const notice = await confirmEmailChange({ db: getDb(), token: params.token, linkBase: linkBaseFor(req) });
  after(() =>
    sendMail(notice).catch((err: unknown) => logError("mail", "The address-changed notice could not be sent", err)),
  );
  return json({ message: EMAIL_CHANGED });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
