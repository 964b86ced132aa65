import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { eq, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { ConflictError, UnauthorizedError, ValidationError, uniqueViolation } from "@/lib/errors";
import { clearAttempts, consumeAttempt, refundAttempt, type Limit } from "@/lib/rate-limit";
import { type LoginInput, type RegisterInput } from "@/lib/validation/auth";
import {
  emailDomainAllowed,
  signupDomainMessage,
  INVALID_CREDENTIALS_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
} from "@/lib/validation/auth-limits";
import { hashPassword, verifyPassword } from "./password";
import { findTrustedDevice, trustDevice } from "./devices";
import { createSession } from "./sessions";
import { isTwoFactorOn } from "./two-factor";
import { startTwoFactorChallenge } from "./two-factor-challenge";
import { EMAIL_TAKEN_MESSAGE } from "@/lib/auth/email-change-limits";

// Failed password logins in a 15-minute window (docs/decisions/013). From a browser that has signed
// in to the account before (a trusted device), only that device's own count applies. From anywhere
// else: per username and address, per username from all untrusted clients (the lockout that a
// trusted device is immune to), and per address over all usernames, existing or not.
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const LOGIN_MAX_FAILURES_PER_USERNAME = 50;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 100;
// And successful password logins per account in the same window, from anywhere: a password check
// is an argon2 hash (tens of milliseconds of a core), and whoever knows an account's password
// must not be able to order unlimited ones (docs/decisions/041). Counted before the check, given
// back when it fails, so wrong passwords (which the limits above bound) never use it up.
export const LOGIN_MAX_SUCCESSES = 30;
const SIGNUP_WINDOW_SECONDS = 60 * 60;

export async function registerUser({
  db,
  input,
  allowedDomains,
  ip,
  limitPerHour,
  userAgent,
  language,
}: {
  db: Db;
  input: RegisterInput;
  allowedDomains: readonly string[];
  ip: string;
  limitPerHour: number;
  userAgent?: string | null;
  /** What the browser asks for (lib/i18n/negotiate.ts): the account's mails are written in it (docs/decisions/143). */
  language?: Locale;
}) {
  if (!emailDomainAllowed(input.email, allowedDomains)) {
    const message = signupDomainMessage(allowedDomains);
    throw new ValidationError(message, [{ path: "email", message }]);
  }
  // Every well-formed attempt counts, conflicts too: they tell whether a username or email exists.
  await consumeAttempt({
    db,
    limit: { key: `signup-address:${ip}`, max: limitPerHour, windowSeconds: SIGNUP_WINDOW_SECONDS },
  });
  const [clash] = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(eq(users.username, input.username), eq(sql`lower(${users.email})`, input.email.toLowerCase())))
    .limit(1);
  if (clash)
    throw clash.username === input.username
      ? new ConflictError(USERNAME_TAKEN_MESSAGE, "username")
      : new ConflictError(EMAIL_TAKEN_MESSAGE, "email");

  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ name: input.name, username: input.username, email: input.email, passwordHash })
        .returning();
      const token = await createSession({ db: tx as unknown as Db, userId: user!.id, userAgent, language });
      // The browser that made the account is one of its trusted devices, as after a login (docs/decisions/013).
      const deviceToken = await trustDevice({ db: tx as unknown as Db, userId: user!.id, deviceId: null });
      return { user: user!, token, deviceToken };
    });
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === undefined) throw err;
    // Lost a race with a simultaneous sign-up: the database's unique index decides.
    throw constraint.includes("email")
      ? new ConflictError(EMAIL_TAKEN_MESSAGE, "email")
      : new ConflictError(USERNAME_TAKEN_MESSAGE, "username");
  }
}

/**
 * What the limits count under: the account when the name or address is one (so its username and
 * its email share one allowance), else the name as typed, lower-cased (docs/decisions/013, 055).
 */
function loginSubject(identifier: string, user: { id: string } | undefined): string {
  return user ? `user:${user.id}` : `name:${identifier}`;
}

function loginLimits(
  subject: string,
  ip: string,
  deviceId: string | null,
): { limit: Limit; onSuccess: "clear" | "refund" }[] {
  const windowSeconds = LOGIN_WINDOW_SECONDS;
  if (deviceId)
    return [{ limit: { key: `login-device:${deviceId}`, max: LOGIN_MAX_FAILURES, windowSeconds }, onSuccess: "clear" }];
  // In this order: an address that is over its own limit no longer counts against the username.
  return [
    { limit: { key: `login-address:${ip}`, max: LOGIN_MAX_FAILURES_PER_ADDRESS, windowSeconds }, onSuccess: "refund" },
    {
      limit: { key: `login-user-address:${JSON.stringify([subject, ip])}`, max: LOGIN_MAX_FAILURES, windowSeconds },
      onSuccess: "clear",
    },
    {
      limit: { key: `login-username:${subject}`, max: LOGIN_MAX_FAILURES_PER_USERNAME, windowSeconds },
      onSuccess: "refund",
    },
  ];
}

/**
 * The account a login names: `username` holds a username or an email address (the original client
 * sends either in that one field), already trimmed and lower-cased. Usernames cannot hold an @.
 */
async function findLoginUser(db: Db, identifier: string) {
  const where = identifier.includes("@") ? eq(sql`lower(${users.email})`, identifier) : eq(users.username, identifier);
  const [user] = await db.select().from(users).where(where).limit(1);
  return user;
}

/**
 * A password login, by username or email. `deviceToken` is the browser's device cookie, if any;
 * the answer carries a new one to set when this browser was not yet a trusted device of the account.
 * An account with two-factor sign-in on gets a challenge instead of a session (docs/decisions/073).
 */
export async function loginUser({
  db,
  input,
  ip,
  deviceToken,
  userAgent,
  language,
}: {
  db: Db;
  input: LoginInput;
  ip: string;
  deviceToken?: string;
  userAgent?: string | null;
  language?: Locale;
}) {
  const found = await findLoginUser(db, input.username);
  const deviceId = await findTrustedDevice({ db, token: deviceToken, userId: found?.id });
  const subject = loginSubject(input.username, found);
  const limits = loginLimits(subject, ip, deviceId);
  // Every attempt is counted before the password is checked; a success gives its count back.
  for (const { limit } of limits) await consumeAttempt({ db, limit });
  const successes: Limit = {
    key: `login-success:${subject}`,
    max: LOGIN_MAX_SUCCESSES,
    windowSeconds: LOGIN_WINDOW_SECONDS,
  };
  if (found) await consumeAttempt({ db, limit: successes });

  if (!(await verifyPassword(found?.passwordHash, input.password)) || !found) {
    if (found) await refundAttempt({ db, key: successes.key });
    throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
  }
  for (const { limit, onSuccess } of limits) {
    if (onSuccess === "clear") await clearAttempts({ db, key: limit.key });
    else await refundAttempt({ db, key: limit.key });
  }
  const user = found;
  // Two-factor sign-in on: the password is right (so the browser is a trusted device, as the
  // password is what that is about), and the session waits for a code (docs/decisions/073).
  if (await isTwoFactorOn({ db, userId: user.id })) {
    const challenge = await startTwoFactorChallenge({ db, userId: user.id });
    return {
      twoFactor: true as const,
      challenge,
      newDeviceToken: await trustDevice({ db, userId: user.id, deviceId }),
    };
  }
  const token = await createSession({ db, userId: user.id, userAgent, language });
  const newDeviceToken = await trustDevice({ db, userId: user.id, deviceId });
  return { twoFactor: false as const, user, token, newDeviceToken };
}
