import { addresseeOf } from "@/lib/mail/words";
import { after } from "next/server";
import { handle } from "@/lib/api/handle";
import { diaryLockedMail } from "@/lib/auth/lock-mail";
import { issueNotMeLink } from "@/lib/auth/not-me";
import { linkBaseFor } from "@/lib/auth/origins";
import { confirmItIsYou } from "@/lib/auth/step-up";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { getLock, turnOnLock } from "@/lib/lock/lock";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";

export const GET = handle("GET /api/lock", async ({ user }) => json(await getLock({ db: getDb(), userId: user.id })));

// Locking a diary is asked of the person, not of a session alone, and the address hears of it
// with "This was not me" (docs/decisions/096, 101, 115).
export const POST = handle("POST /api/lock", async ({ user, sessionId, body, req }) => {
  const db = getDb();
  const { password, code, verifier, wraps } = body;
  await confirmItIsYou({ db, userId: user.id, sessionId, proof: { password, code } });
  const lock = await turnOnLock({ db, userId: user.id, emailVerified: !!user.emailVerifiedAt, verifier, wraps });
  const appUrl = linkBaseFor(req);
  const notice = async () => {
    const notMeLink = await issueNotMeLink({ db, userId: user.id, email: user.email, linkBase: appUrl });
    await sendMail(
      diaryLockedMail({
        ...addresseeOf(user),
        appUrl,
        notMeLink,
      }),
    );
  };
  after(() => notice().catch((err: unknown) => logError("mail", "The diary-locked notice could not be sent", err)));
  return json(lock, { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
