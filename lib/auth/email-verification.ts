import "server-only";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { emailVerifications, users } from "@/lib/db/schema";
import { ValidationError } from "@/lib/errors";
import { logError } from "@/lib/log";
import type { MailMessage } from "@/lib/mail/transports";
import { consumeAttempt } from "@/lib/rate-limit";
import { hashToken, newToken } from "./tokens";
import { verifyEmailMail } from "./verification-mail";

// A password account's email is unverified until a mailed link (or a password reset) proves it;
// until then a Google sign-in for that address takes the account over (docs/decisions/011).

export const VERIFY_TOKEN_HOURS = 24;
export const VERIFY_MAX_PER_USER = 5;
export const VERIFY_WINDOW_SECONDS = 60 * 60;
export const EMAIL_VERIFIED = "Email verified";
export const ALREADY_VERIFIED = "Your email address is already verified";
export const VERIFICATION_SENT = "A new verification link has been sent to your email";
export const INVALID_VERIFY_TOKEN = "Invalid or expired token";

/**
 * Stores a single-use verification token (only its hash) for the user's current address and
 * mails the link `${linkBase}/verify-email/<token>`. Does nothing for a verified or deleted user.
 * Runs after the response (see the routes), so the mail provider's latency is nobody's wait.
 */
export async function sendVerificationMail({
  db,
  userId,
  linkBase,
  sendMail,
}: {
  db: Db;
  userId: string;
  linkBase: string;
  sendMail: (message: MailMessage) => Promise<void>;
}) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.emailVerifiedAt) return;
  const token = newToken();
  await db.insert(emailVerifications).values({
    tokenHash: hashToken(token),
    userId: user.id,
    email: user.email,
    expiresAt: new Date(Date.now() + VERIFY_TOKEN_HOURS * 60 * 60 * 1000),
  });
  const link = `${linkBase}/verify-email/${token}`;
  await sendMail(verifyEmailMail({ to: user.email, name: user.name, username: user.username, link, hours: VERIFY_TOKEN_HOURS }));
}

/** Counts a request for a new link against the per-user limit (429 past it). */
export async function limitVerificationMail({ db, userId }: { db: Db; userId: string }) {
  await consumeAttempt({ db, limit: { key: `verify-email-user:${userId}`, max: VERIFY_MAX_PER_USER, windowSeconds: VERIFY_WINDOW_SECONDS } });
}

/**
 * Marks the address verified with a mailed token, in one transaction: the token and every other
 * open link of the user are burnt. A used, expired or unknown token, or one mailed to an address
 * the account no longer has, is a 400 and changes nothing.
 */
export async function verifyEmail({ db, token }: { db: Db; token: string }) {
  if (!token || token.length > 200) throw new ValidationError(INVALID_VERIFY_TOKEN);
  await db.transaction(async (tx) => {
    const [burnt] = await tx
      .update(emailVerifications)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailVerifications.tokenHash, hashToken(token)), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, sql`now()`)))
      .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
    if (!burnt) throw new ValidationError(INVALID_VERIFY_TOKEN);
    const [verified] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(and(eq(users.id, burnt.userId), eq(sql`lower(${users.email})`, burnt.email.toLowerCase())))
      .returning({ id: users.id });
    // Throwing rolls the burn back too: nothing changes.
    if (!verified) throw new ValidationError(INVALID_VERIFY_TOKEN);
    await tx
      .update(emailVerifications)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailVerifications.userId, burnt.userId), isNull(emailVerifications.usedAt)));
  });
}

/** For `after()`: the mail goes out once the answer has, and a failure only reaches the log. */
export function sendVerificationMailAfterResponse(args: Parameters<typeof sendVerificationMail>[0]): Promise<void> {
  return sendVerificationMail(args).catch((err: unknown) => logError("mail", "The verification mail could not be sent", err));
}
