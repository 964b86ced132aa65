import { handle } from "@/lib/api/handle";
import { after } from "next/server";
import { linkBaseFor } from "@/lib/auth/origins";
import { resetPassword } from "@/lib/auth/password-reset";
import { clientIp, requestLocale } from "@/lib/auth/request";
import { takeoverMail } from "@/lib/auth/unproven";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { PASSWORD_RESET_MESSAGE } from "@/lib/auth/password-change-limits";

export const POST = handle(
  "POST /api/auth/reset-password/{token}",
  async ({ req, params: { token }, body: { password, removePasskeys } }) => {
    const { takenOver } = await resetPassword({ db: getDb(), token, password, removePasskeys, ip: clientIp(req) });
    if (takenOver) {
      // The owner of the address opened the link: their browser's language, not the earlier holder's.
      const mail = takeoverMail({
        locale: requestLocale(req),
        to: takenOver.email,
        name: takenOver.name,
        username: takenOver.username,
        appUrl: linkBaseFor(req),
        gone: takenOver.gone,
      });
      after(() =>
        sendMail(mail).catch((err: unknown) => logError("mail", "The takeover notice could not be sent", err)),
      );
    }
    return json({ message: PASSWORD_RESET_MESSAGE });
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
