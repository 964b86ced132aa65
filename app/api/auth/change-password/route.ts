import { handle } from "@/lib/api/handle";
import { after } from "next/server";
import { linkBaseFor } from "@/lib/auth/origins";
import { changePassword } from "@/lib/auth/password-change";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { PASSWORD_CHANGED_MESSAGE } from "@/lib/contract/messages";

export const POST = handle(
  "POST /api/auth/change-password",
  async ({ user, sessionId, body: { currentPassword, newPassword, removePasskeys }, req }) => {
    const { ended, mail } = await changePassword({
      db: getDb(),
      userId: user.id,
      currentSessionId: sessionId,
      currentPassword,
      newPassword,
      removePasskeys,
      appUrl: linkBaseFor(req),
    });
    after(() =>
      sendMail(mail).catch((err: unknown) => logError("mail", "The password-changed notice could not be sent", err)),
    );
    return json({ message: PASSWORD_CHANGED_MESSAGE, ended });
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
