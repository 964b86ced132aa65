import { addresseeOf } from "@/lib/mail/words";
import { handle } from "@/lib/api/handle";
import { after } from "next/server";
import { issueNotMeLink } from "@/lib/auth/not-me";
import { linkBaseFor } from "@/lib/auth/origins";
import { confirmItIsYou } from "@/lib/auth/step-up";
import { enableTwoFactor } from "@/lib/auth/two-factor";
import { twoFactorChangedMail } from "@/lib/auth/two-factor-mail";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { TWO_FACTOR_ON_MESSAGE } from "@/lib/contract/messages";

// The password (docs/decisions/096), then the first right code, turn two-factor sign-in on and answer the recovery codes, this once (docs/decisions/073).
export const POST = handle("POST /api/auth/2fa/enable", async ({ user, sessionId, body: { code, password }, req }) => {
  const db = getDb();
  const proven = () => confirmItIsYou({ db, userId: user.id, sessionId, proof: { password } });
  const recoveryCodes = await enableTwoFactor({ db, userId: user.id, code, proven });
  // A new way in: the notice carries "This was not me" (docs/decisions/101), made after the answer so the recovery codes never wait on it.
  const appUrl = linkBaseFor(req);
  const notice = async () => {
    const notMeLink = await issueNotMeLink({ db, userId: user.id, email: user.email, linkBase: appUrl });
    await sendMail(
      twoFactorChangedMail({
        ...addresseeOf(user),
        appUrl,
        on: true,
        notMeLink,
      }),
    );
  };
  after(() => notice().catch((err: unknown) => logError("mail", "The two-factor on notice could not be sent", err)));
  return json({ message: TWO_FACTOR_ON_MESSAGE, recoveryCodes });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
