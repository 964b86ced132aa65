import "server-only";
import { addresseeOf } from "@/lib/mail/words";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { passwordResets, users } from "@/lib/db/schema";
import { ValidationError } from "@/lib/errors";
import type { MailMessage } from "@/lib/mail/transports";
import { consumeAttempt } from "@/lib/rate-limit";
import { hashPassword } from "./password";
import { resetPasswordMail } from "./reset-mail";
import { revokeAllSessions } from "./sessions";
import { cancelEmailChanges } from "./pending-changes";
import { forgetUnprovenAccess, type ForgottenAccess } from "./unproven";
import { hashToken, newToken } from "./tokens";
import { INVALID_TOKEN } from "@/lib/auth/email-verification-limits";

export const RESET_TOKEN_MINUTES = 30;
export const FORGOT_MAX_PER_EMAIL = 5;
export const FORGOT_MAX_PER_ADDRESS = 20;
export const FORGOT_WINDOW_SECONDS = 60 * 60;
/** Attempts to use a reset link per client address an hour, valid or not (docs/decisions/041). */
export const RESET_MAX_PER_ADDRESS = 20;
export const RESET_WINDOW_SECONDS = 60 * 60;
export const FORGOT_PASSWORD_MESSAGE = "If an account exists for that email, a reset link has been sent.";

/**
 * Counts a forgot-password request against the per-email and per-address limits (429 past them).
 * Unknown emails count too, so the limit itself tells nobody whether an account exists.
 */
export async function limitForgotPassword({ db, email, ip }: { db: Db; email: string; ip: string }) {
  const windowSeconds = FORGOT_WINDOW_SECONDS;
  await consumeAttempt({ db, limit: { key: `forgot-address:${ip}`, max: FORGOT_MAX_PER_ADDRESS, windowSeconds } });
  await consumeAttempt({
    db,
    limit: { key: `forgot-email:${email.toLowerCase()}`, max: FORGOT_MAX_PER_EMAIL, windowSeconds },
  });
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
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  if (!user) return;
  const link = await issueResetLink({ db, userId: user.id, appUrl });
  await sendMail(
    resetPasswordMail({
      ...addresseeOf(user),
      link,
      minutes: RESET_TOKEN_MINUTES,
    }),
  );
}

/** Stores a single-use reset token for the user (only its hash) and returns the link that carries it. */
export async function issueResetLink({
  db,
  userId,
  appUrl,
}: {
  db: Db;
  userId: string;
  appUrl: string;
}): Promise<string> {
  const token = newToken();
  await db
    .insert(passwordResets)
    .values({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60 * 1000) });
  return `${appUrl}/reset-password/${token}`;
}

/**
 * Sets a new password with a reset token: burns the token (and any other open one of the user),
 * marks the email verified, revokes every session and cancels every pending change of address, in
 * one transaction. A used, expired or unknown token is a 400. When the address was not proven
 * before, the reset is its owner taking the account over: everything its earlier holder set up is
 * gone, and the answer says what, for the mail to the owner (lib/auth/unproven.ts).
 *
 * The cheap checks come first and the password is hashed last (docs/decisions/041): the attempt
 * is counted against the caller's address (429 past RESET_MAX_PER_ADDRESS an hour), then the token
 * is looked up by its SHA-256, and only an open token's password is hashed (argon2, tens of ms
 * of CPU and 19 MiB). An invalid token therefore answers sooner than a valid one; that tells the
 * caller nothing the answer does not already say, and a token is 32 random bytes that name no one.
 */
export async function resetPassword({
  db,
  token,
  password,
  removePasskeys = false,
  ip,
}: {
  db: Db;
  token: string;
  password: string;
  removePasskeys?: boolean;
  ip: string;
}): Promise<{ takenOver: { gone: ForgottenAccess; email: string; name: string; username: string } | null }> {
  if (!token || token.length > 200) throw new ValidationError(INVALID_TOKEN);
  await consumeAttempt({
    db,
    limit: { key: `reset-address:${ip}`, max: RESET_MAX_PER_ADDRESS, windowSeconds: RESET_WINDOW_SECONDS },
  });
  const tokenHash = hashToken(token);
  const open = and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
  );
  const [found] = await db.select({ userId: passwordResets.userId }).from(passwordResets).where(open).limit(1);
  if (!found) throw new ValidationError(INVALID_TOKEN);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    // Burnt here, not above: a simultaneous use of the same link that got here first wins.
    const [burnt] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(open)
      .returning({ userId: passwordResets.userId });
    if (!burnt) throw new ValidationError(INVALID_TOKEN);
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, burnt.userId), isNull(passwordResets.usedAt)));
    // The link reached the account's mailbox, which proves the address (docs/decisions/011). An
    // account whose address was not proven until now may be a squatter's: whatever it did before
    // (sessions, devices, friendships, requests) does not survive its owner taking it over.
    const [holder] = await tx
      .select({ verifiedAt: users.emailVerifiedAt, email: users.email, name: users.name, username: users.username })
      .from(users)
      .where(eq(users.id, burnt.userId))
      .for("update");
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, burnt.userId));
    if (holder && holder.verifiedAt === null) {
      const gone = await forgetUnprovenAccess({ tx: tx as unknown as Db, userId: burnt.userId });
      return { takenOver: { gone, email: holder.email, name: holder.name, username: holder.username } };
    }
    await revokeAllSessions({ db: tx as unknown as Db, userId: burnt.userId });
    // A change of address asked for by whoever had the password goes with it (docs/decisions/072).
    await cancelEmailChanges({ db: tx as unknown as Db, userId: burnt.userId });
    // Asked for on the reset page: the passkeys go too, whoever added them (docs/decisions/096).
    if (removePasskeys) await tx.execute(sql`delete from passkeys where user_id = ${burnt.userId}::uuid`);
    return { takenOver: null };
  });
}
