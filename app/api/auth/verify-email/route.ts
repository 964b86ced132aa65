import { handle } from "@/lib/api/handle";
import { after } from "next/server";
import {
  ALREADY_VERIFIED,
  VERIFICATION_SENT,
  limitVerificationMail,
  sendVerificationMailAfterResponse,
} from "@/lib/auth/email-verification";
import { linkBaseFor } from "@/lib/auth/origins";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { sendMail } from "@/lib/mail";

/** Mails the caller a new verification link (the banner's 'Resend'), after the answer (docs/decisions/009). */
export const POST = handle("POST /api/auth/verify-email", async ({ user, req }) => {
  if (user.emailVerifiedAt) return json({ message: ALREADY_VERIFIED });
  const db = getDb();
  await limitVerificationMail({ db, userId: user.id });
  const linkBase = linkBaseFor(req);
  after(() => sendVerificationMailAfterResponse({ db, userId: user.id, linkBase, sendMail }));
  return json({ message: VERIFICATION_SENT });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
