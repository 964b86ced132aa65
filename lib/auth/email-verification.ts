import "server-only";
import { addresseeOf } from "@/lib/mail/words";
import { and, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { LINK_USED_ADDRESS_VERIFIED, INVALID_TOKEN, CONFIRM_WITH_PASSWORD } from "./email-verification-limits";
import { emailVerifications, users } from "@/lib/db/schema";
import { UnauthorizedError, ValidationError } from "@/lib/errors";
import { logError } from "@/lib/log";
import type { MailMessage } from "@/lib/mail/transports";
import { consumeAttempt, refundAttempt } from "@/lib/rate-limit";
import { verifyPassword } from "./password";
import { hashToken, newToken } from "./tokens";
import { verifyEmailMail } from "./verification-mail";
import { INVALID_CREDENTIALS_MESSAGE } from "@/lib/validation/auth-limits";

// A password account's email is unverified until a mailed link (or a password reset) proves it;
// until then a Google sign-in for that address takes the account over, and the mail's "This
// wasn't me" link deletes it (docs/decisions/011).

export const VERIFY_TOKEN_HOURS = 24;
export const VERIFY_MAX_PER_USER = 5;
export const VERIFY_WINDOW_SECONDS = 60 * 60;
export const ALREADY_VERIFIED = "Your email address is already verified";
export const VERIFICATION_SENT = "A new verification link has been sent to your email";
export { LINK_USED_ADDRESS_VERIFIED };
export const SIGNUP_CANCELLED = "The sign-up is cancelled: the account is deleted and the address is free";
// Wrong passwords given with one account's link in 15 minutes (only the mailbox has the link).
export const VERIFY_PASSWORD_MAX_FAILURES = 10;
const VERIFY_PASSWORD_WINDOW_SECONDS = 15 * 60;

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
  const cancelLink = `${linkBase}/cancel-signup/${token}`;
  await sendMail(
    verifyEmailMail({
      ...addresseeOf(user),
      link,
      cancelLink,
      hours: VERIFY_TOKEN_HOURS,
    }),
  );
}

/** Counts a request for a new link against the per-user limit (429 past it). */
export async function limitVerificationMail({ db, userId }: { db: Db; userId: string }) {
  await consumeAttempt({
    db,
    limit: { key: `verify-email-user:${userId}`, max: VERIFY_MAX_PER_USER, windowSeconds: VERIFY_WINDOW_SECONDS },
  });
}

/** The open link a token names, with its account, or undefined when it is unknown, used or expired. */
async function openLink(db: Db, token: string) {
  if (!token || token.length > 200) return undefined;
  const [row] = await db
    .select({
      userId: users.id,
      username: users.username,
      passwordHash: users.passwordHash,
      verifiedAt: users.emailVerifiedAt,
    })
    .from(emailVerifications)
    .innerJoin(
      users,
      and(
        eq(users.id, emailVerifications.userId),
        eq(sql`lower(${users.email})`, sql`lower(${emailVerifications.email})`),
      ),
    )
    .where(
      and(
        eq(emailVerifications.tokenHash, hashToken(token)),
        isNull(emailVerifications.usedAt),
        gt(emailVerifications.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

/** Whether `token` is a link of the account's current address that was used and that address is verified now. */
async function usedOnVerifiedAddress(db: Db, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const [row] = await db
    .select({ userId: users.id })
    .from(emailVerifications)
    .innerJoin(
      users,
      and(
        eq(users.id, emailVerifications.userId),
        eq(sql`lower(${users.email})`, sql`lower(${emailVerifications.email})`),
      ),
    )
    .where(
      and(
        eq(emailVerifications.tokenHash, hashToken(token)),
        isNotNull(emailVerifications.usedAt),
        isNotNull(users.emailVerifiedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Why a link cannot be used, in words: used on an address that is verified now, or else invalid or expired. */
export async function unusableLinkMessage({ db, token }: { db: Db; token: string }): Promise<string> {
  return (await usedOnVerifiedAddress(db, token)) ? LINK_USED_ADDRESS_VERIFIED : INVALID_TOKEN;
}

/**
 * What the page of a link shows before anything is clicked: the account it was mailed for and
 * whether the visitor is signed in to that account. Undefined when the link cannot be used.
 */
export async function describeVerificationLink({
  db,
  token,
  viewerId,
}: {
  db: Db;
  token: string;
  viewerId: string | null;
}) {
  const link = await openLink(db, token);
  if (!link || link.verifiedAt) return undefined;
  return { username: link.username, mine: viewerId === link.userId };
}

/**
 * Marks the address verified with a mailed token, in one transaction: the token and every other
 * open link of the user are burnt. A used, expired or unknown token, or one mailed to an address
 * the account no longer has, is a 400 and changes nothing.
 *
 * The link proves the mailbox, not that whoever holds the mailbox made the account: the caller
 * must also be signed in to the account (`viewerId`) or give its password (docs/decisions/011),
 * else 401. So the owner of an address someone else signed up with cannot confirm it for them.
 * Passwords are checked only for a valid link, and limited per account.
 */
export async function verifyEmail({
  db,
  token,
  viewerId,
  password,
}: {
  db: Db;
  token: string;
  viewerId: string | null;
  password?: string;
}) {
  const link = await openLink(db, token);
  if (!link) throw new ValidationError(await unusableLinkMessage({ db, token }));
  if (viewerId !== link.userId) {
    if (password === undefined) throw new UnauthorizedError(CONFIRM_WITH_PASSWORD);
    const key = `verify-email-password:${link.userId}`;
    await consumeAttempt({
      db,
      limit: { key, max: VERIFY_PASSWORD_MAX_FAILURES, windowSeconds: VERIFY_PASSWORD_WINDOW_SECONDS },
    });
    if (!(await verifyPassword(link.passwordHash, password))) throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
    await refundAttempt({ db, key });
  }
  await db.transaction(async (tx) => {
    const [burnt] = await tx
      .update(emailVerifications)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailVerifications.tokenHash, hashToken(token)),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
    if (!burnt) throw new ValidationError(INVALID_TOKEN);
    const [verified] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(and(eq(users.id, burnt.userId), eq(sql`lower(${users.email})`, burnt.email.toLowerCase())))
      .returning({ id: users.id });
    // Throwing rolls the burn back too: nothing changes.
    if (!verified) throw new ValidationError(INVALID_TOKEN);
    await tx
      .update(emailVerifications)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailVerifications.userId, burnt.userId), isNull(emailVerifications.usedAt)));
  });
}

/**
 * "This wasn't me": the reader of a verification mail cancels a sign-up made with their address.
 * The account, still unverified, is deleted with everything in it (its rows go by the foreign
 * keys' cascade, its photos with housekeeping's sweep of unreferenced files, docs/decisions/033),
 * and the address and username are free again. The user row is locked, so a verification or a
 * Google takeover at the same moment is wholly before (then: 400) or after (then: nothing to take).
 */
export async function cancelSignup({ db, token }: { db: Db; token: string }) {
  if (!token || token.length > 200) throw new ValidationError(INVALID_TOKEN);
  const userId = await db.transaction(async (tx) => {
    const [link] = await tx
      .select({ userId: emailVerifications.userId, email: emailVerifications.email })
      .from(emailVerifications)
      .where(
        and(
          eq(emailVerifications.tokenHash, hashToken(token)),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, sql`now()`),
        ),
      );
    if (!link) throw new ValidationError(INVALID_TOKEN);
    const [user] = await tx
      .select({ verifiedAt: users.emailVerifiedAt, email: users.email })
      .from(users)
      .where(eq(users.id, link.userId))
      .for("update");
    if (!user || user.verifiedAt || user.email.toLowerCase() !== link.email.toLowerCase())
      throw new ValidationError(INVALID_TOKEN);
    // Its hearts go with it: each entry's count keeps equal to its like rows (docs/decisions/026).
    await tx.execute(sql`
      with gone as (delete from likes where user_id = ${link.userId}::uuid returning journal_id)
      update journals set likes_count = likes_count - 1 where id in (select journal_id from gone)`);
    await tx.delete(users).where(eq(users.id, link.userId));
    return link.userId;
  });
  console.info(`[auth] A sign-up was cancelled from its verification mail: unverified user ${userId} is deleted.`);
}

/** For `after()`: the mail goes out once the answer has, and a failure only reaches the log. */
export function sendVerificationMailAfterResponse(args: Parameters<typeof sendVerificationMail>[0]): Promise<void> {
  return sendVerificationMail(args).catch((err: unknown) =>
    logError("mail", "The verification mail could not be sent", err),
  );
}
