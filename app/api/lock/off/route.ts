import { addresseeOf } from "@/lib/mail/words";
import { after } from "next/server";
import { handle } from "@/lib/api/handle";
import { diaryUnlockedMail } from "@/lib/auth/lock-mail";
import { issueNotMeLink } from "@/lib/auth/not-me";
import { linkBaseFor } from "@/lib/auth/origins";
import { confirmItIsYou } from "@/lib/auth/step-up";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { turnOffLock } from "@/lib/lock/lock";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";

// Turning the diary lock off (docs/decisions/118): begun by the person with the diary's verifier,
// heard of by the address; finished, with nothing asked, once no page is sealed.
export const POST = handle("POST /api/lock/off", async ({ user, sessionId, body, req }) => {
  const db = getDb();
  const { password, code, verifier } = body;
  const { began, lock } = await turnOffLock({
    db,
    userId: user.id,
    verifier,
    prove: () => confirmItIsYou({ db, userId: user.id, sessionId, proof: { password, code } }),
  });
  if (began) {
    const appUrl = linkBaseFor(req);
    const notice = async () => {
      const notMeLink = await issueNotMeLink({ db, userId: user.id, email: user.email, linkBase: appUrl });
      await sendMail(
        diaryUnlockedMail({
          ...addresseeOf(user),
          appUrl,
          notMeLink,
        }),
      );
    };
    after(() => notice().catch((err: unknown) => logError("mail", "The diary-unlocked notice could not be sent", err)));
  }
  return json(lock);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
