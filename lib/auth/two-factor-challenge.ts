import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { eq, sql } from "drizzle-orm";
import { SUSPENDED_MESSAGE } from "@/lib/auth/session-limits";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { ForbiddenError, UnauthorizedError } from "@/lib/errors";
import { createSession, sessionUserColumns, type SessionUser } from "./sessions";
import { checkSecondFactor, type SecondFactor } from "./two-factor";
import { CHALLENGE_EXPIRED_MESSAGE, CHALLENGE_MINUTES } from "@/lib/validation/two-factor-limits";
import { hashToken, newToken } from "./tokens";

// The second step of a sign-in (docs/decisions/073): a right password (or Google) on an account
// with two-factor sign-in on gives a challenge instead of a session; the challenge and a code give
// the session. Only the challenge's hash is kept; it lasts CHALLENGE_MINUTES and is taken once.

/** A new challenge for `userId`; a suspended account gets none (403), as it gets no session. */
export async function startTwoFactorChallenge({ db, userId }: { db: Db; userId: string }): Promise<string> {
  const challenge = newToken();
  const { rows } = await db.execute(sql`
    insert into two_factor_challenges (token_hash, user_id, expires_at)
    select ${hashToken(challenge)}, id, now() + make_interval(mins => ${CHALLENGE_MINUTES})
    from users where id = ${userId}::uuid and suspended_at is null
    returning 1`);
  if (!rows.length) throw new ForbiddenError(SUSPENDED_MESSAGE);
  return challenge;
}

/**
 * POST /api/auth/2fa/verify: the challenge's account, if it is live; the code, checked and counted
 * for that account (lib/auth/two-factor.ts); then the challenge is taken, once, and a session made.
 * An unknown, expired or used challenge is a 401, whatever the code.
 */
export async function verifyTwoFactorChallenge({
  db,
  challenge,
  factor,
  userAgent,
  language,
}: {
  db: Db;
  challenge: string;
  factor: SecondFactor;
  userAgent?: string | null;
  language?: Locale;
}): Promise<{ user: SessionUser; token: string }> {
  const tokenHash = hashToken(challenge);
  const { rows } = await db.execute<{ userId: string }>(sql`
    select user_id as "userId" from two_factor_challenges where token_hash = ${tokenHash} and used_at is null and expires_at > now()`);
  const userId = rows[0]?.userId;
  if (!userId) throw new UnauthorizedError(CHALLENGE_EXPIRED_MESSAGE);
  await checkSecondFactor({ db, userId, factor, field: factor.kind === "totp" ? "code" : "recoveryCode" });
  const { rows: taken } = await db.execute(sql`
    update two_factor_challenges set used_at = now() where token_hash = ${tokenHash} and used_at is null and expires_at > now() returning 1`);
  if (!taken.length) throw new UnauthorizedError(CHALLENGE_EXPIRED_MESSAGE);
  const token = await createSession({ db, userId, userAgent, language });
  const [user] = await db.select(sessionUserColumns).from(users).where(eq(users.id, userId));
  return { user: user!, token };
}
