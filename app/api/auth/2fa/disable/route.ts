import { after } from "next/server";
import { linkBaseFor } from "@/lib/auth/origins";
import { requireUser } from "@/lib/auth/request";
import { disableTwoFactor } from "@/lib/auth/two-factor";
import { twoFactorChangedMail } from "@/lib/auth/two-factor-mail";
import { getDb } from "@/lib/db/client";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readJson } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { DisableTwoFactorSchema } from "@/lib/validation/two-factor";

// Turning two-factor sign-in off takes the password and a code (docs/decisions/073).
export const POST = route(async (req) => {
  const { user } = await requireUser(req);
  const { password, code } = await readJson(req, DisableTwoFactorSchema, BODY_LIMITS.auth);
  await disableTwoFactor({ db: getDb(), userId: user.id, password, code });
  const mail = twoFactorChangedMail({
    to: user.email,
    name: user.name,
    username: user.username,
    appUrl: linkBaseFor(req),
    on: false,
  });
  after(() =>
    sendMail(mail).catch((err: unknown) => logError("mail", "The two-factor off notice could not be sent", err)),
  );
  return json({ message: "Two-factor sign-in is off" });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
