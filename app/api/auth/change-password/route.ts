import { after } from "next/server";
import { linkBaseFor } from "@/lib/auth/origins";
import { changePassword } from "@/lib/auth/password-change";
import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readJson } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { ChangePasswordSchema } from "@/lib/validation/auth";

export const POST = route(async (req) => {
  const { user, sessionId } = await requireUser(req);
  const { currentPassword, newPassword, removePasskeys } = await readJson(req, ChangePasswordSchema, BODY_LIMITS.auth);
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
  return json({ message: "Password changed", ended });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
