import "server-only";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { passwordResets, users } from "@/lib/db/schema";
import { ValidationError } from "@/lib/errors";
import type { MailMessage } from "@/lib/mail/transports";
import { consumeAttempt } from "@/lib/rate-limit";
import { hashPassword } from "./password";
import { resetPasswordMail } from "./reset-mail";
import { revokeAllSessions } from "./sessions";
import { hashToken, newToken } from "./tokens";

export const RESET_TOKEN_MINUTES = 30;
export const FORGOT_MAX_PER_EMAIL = 5;
export const FORGOT_MAX_PER_ADDRESS = 20;
export const FORGOT_WINDOW_SECONDS = 60 * 60;
export const FORGOT_PASSWORD_MESSAGE = "If an account exists for that email, a reset link has been sent.";
export const INVALID_RESET_TOKEN = "Invalid or expired token";

/**
 * Counts a forgot-password request against the per-email and per-address limits (429 past them).
 * Unknown emails count too, so the limit itself tells nobody whether an account exists.
 */
export async function limitForgotPassword({ db, email, ip }: { db: Db; email: string; ip: string }) {
  const windowSeconds = FORGOT_WINDOW_SECONDS;
  await consumeAttempt({ db, limit: { key: `forgot-address:${ip}`, max: FORGOT_MAX_PER_ADDRESS, windowSeconds } });
  await consumeAttempt({ db, limit: { key: `forgot-email:${email.toLowerCase()}`, max: FORGOT_MAX_PER_EMAIL, windowSeconds } });
}

/**
 * For a known email: stores a single-use reset token (only its hash) and mails the link.
 * Unknown emails do nothing. Runs after the response is sent (see the route), so its work and
 * the mail provider's latency do not reveal whether the account exists.
 */
export async function requestPasswordReset({
  db,
  email,
  appUrl,
  sendMail,
}: {
  db: Db;
  email: string;
  appUrl: string;
  sendMail: (message: MailMessage) => Promise<void>;
}) {
  const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
  if (!user) return;
  const token = newToken();
  await db.insert(passwordResets).values({
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60 * 1000),
  });
  const link = `${appUrl}/reset-password/${token}`;
  await sendMail(resetPasswordMail({ to: user.email, name: user.name, username: user.username, link, minutes: RESET_TOKEN_MINUTES }));
}

/**
 * Sets a new password with a reset token: burns the token (and any other open one of the user),
 * marks the email verified and revokes every session, in one transaction. A used, expired or
 * unknown token is a 400.
 */
export async function resetPassword({ db, token, password }: { db: Db; token: string; password: string }) {
  // Hashed before the token is looked at, so a valid and an invalid token take as long.
  const passwordHash = await hashPassword(password);
  if (!token || token.length > 200) throw new ValidationError(INVALID_RESET_TOKEN);
  await db.transaction(async (tx) => {
    const [burnt] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
      .returning({ userId: passwordResets.userId });
    if (!burnt) throw new ValidationError(INVALID_RESET_TOKEN);
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, burnt.userId), isNull(passwordResets.usedAt)));
    // The link reached the account's mailbox, which proves the address (docs/decisions/011).
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, burnt.userId));
    await revokeAllSessions({ db: tx as unknown as Db, userId: burnt.userId });
  });
}
