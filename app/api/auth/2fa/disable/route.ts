import { addresseeOf } from "@/lib/mail/words";
import { handle } from "@/lib/api/handle";
import { after } from "next/server";
import { linkBaseFor } from "@/lib/auth/origins";
import { disableTwoFactor } from "@/lib/auth/two-factor";
import { twoFactorChangedMail } from "@/lib/auth/two-factor-mail";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { TWO_FACTOR_OFF_MESSAGE } from "@/lib/contract/messages";

// Turning two-factor sign-in off takes the password and a code (docs/decisions/073).
export const POST = handle("POST /api/auth/2fa/disable", async ({ user, body: { password, code }, req }) => {
  await disableTwoFactor({ db: getDb(), userId: user.id, password, code });
  const mail = twoFactorChangedMail({
    ...addresseeOf(user),
    appUrl: linkBaseFor(req),
    on: false,
  });
  after(() =>
    sendMail(mail).catch((err: unknown) => logError("mail", "The two-factor off notice could not be sent", err)),
  );
  return json({ message: TWO_FACTOR_OFF_MESSAGE });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
