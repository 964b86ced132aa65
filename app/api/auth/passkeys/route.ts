import { addresseeOf } from "@/lib/mail/words";
import { handle } from "@/lib/api/handle";
import { after } from "next/server";
import { issueNotMeLink } from "@/lib/auth/not-me";
import { linkBaseFor } from "@/lib/auth/origins";
import { passkeyAddedMail } from "@/lib/auth/passkey-mail";
import { addPasskey, listPasskeys } from "@/lib/auth/passkeys";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { PASSKEY_ADDED_MESSAGE } from "@/lib/contract/messages";

export const GET = handle("GET /api/auth/passkeys", async ({ user }) => {
  return json({ passkeys: await listPasskeys({ db: getDb(), userId: user.id }) });
});

// The challenge answered here was only made after the person proved it was them (docs/decisions/096); the address hears of it.
export const POST = handle("POST /api/auth/passkeys", async ({ user, body: input, req }) => {
  const db = getDb();
  const passkey = await addPasskey({ db, userId: user.id, input, userAgent: req.headers.get("user-agent") });
  // The notice carries "This was not me" (docs/decisions/101), made after the answer.
  const appUrl = linkBaseFor(req);
  const notice = async () => {
    const notMeLink = await issueNotMeLink({ db, userId: user.id, email: user.email, linkBase: appUrl });
    await sendMail(
      passkeyAddedMail({
        ...addresseeOf(user),
        appUrl,
        passkeyName: passkey.name,
        notMeLink,
      }),
    );
  };
  after(() => notice().catch((err: unknown) => logError("mail", "The passkey-added notice could not be sent", err)));
  return json({ message: PASSKEY_ADDED_MESSAGE, passkey }, { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
