import { after } from "next/server";
import { linkBaseFor } from "@/lib/auth/origins";
import { resetPassword } from "@/lib/auth/password-reset";
import { clientIp } from "@/lib/auth/request";
import { takeoverMail } from "@/lib/auth/unproven";
import { getDb } from "@/lib/db/client";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readJson } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { ResetPasswordSchema } from "@/lib/validation/auth";
import { PASSWORD_RESET_MESSAGE } from "@/lib/auth/password-change-limits";

export const POST = route<{ params: Promise<{ token: string }> }>(async (req, { params }) => {
  const { token } = await params;
  const { password, removePasskeys } = await readJson(req, ResetPasswordSchema, BODY_LIMITS.auth);
  const { takenOver } = await resetPassword({ db: getDb(), token, password, removePasskeys, ip: clientIp(req) });
  if (takenOver) {
    const mail = takeoverMail({
      to: takenOver.email,
      name: takenOver.name,
      username: takenOver.username,
      appUrl: linkBaseFor(req),
      gone: takenOver.gone,
    });
    after(() => sendMail(mail).catch((err: unknown) => logError("mail", "The takeover notice could not be sent", err)));
  }
  return json({ message: PASSWORD_RESET_MESSAGE });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
