import "server-only";
import { eq, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users, type User } from "@/lib/db/schema";
import { ConflictError, UnauthorizedError, ValidationError, uniqueViolation } from "@/lib/errors";
import { clearAttempts, consumeAttempt, refundAttempt, type Limit } from "@/lib/rate-limit";
import { GMAIL_MESSAGE, emailDomainAllowed, type LoginInput, type RegisterInput } from "@/lib/validation/auth";
import { hashPassword, verifyPassword } from "./password";
import { createSession } from "./sessions";

const USERNAME_TAKEN = "Username already taken";
const EMAIL_TAKEN = "Email already in use";
const INVALID_CREDENTIALS = "Invalid credentials";

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_SECONDS = 15 * 60;
// X-Forwarded-For can be forged where no proxy sets it, so a looser cap per username alone
// still stops one account being guessed from many claimed addresses (docs/decisions/0004).
export const LOGIN_MAX_FAILURES_PER_USERNAME = 50;

/** The fields of API.md's `GET /auth/me`. Never hashes or tokens. */
export function toMe(user: User) {
  return {
    _id: user.id,
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    bio: user.bio,
    location: user.location,
    profileImage: user.profileImage,
    createdAt: user.createdAt.toISOString(),
  };
}

export async function registerUser({
  db,
  input,
  allowedDomains,
  userAgent,
}: {
  db: Db;
  input: RegisterInput;
  allowedDomains: readonly string[];
  userAgent?: string | null;
}) {
  if (!emailDomainAllowed(input.email, allowedDomains)) throw new ValidationError(GMAIL_MESSAGE);
  const [clash] = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(eq(users.username, input.username), eq(sql`lower(${users.email})`, input.email.toLowerCase())))
    .limit(1);
  if (clash) throw new ConflictError(clash.username === input.username ? USERNAME_TAKEN : EMAIL_TAKEN);

  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ name: input.name, username: input.username, email: input.email, passwordHash })
        .returning();
      const token = await createSession({ db: tx as unknown as Db, userId: user!.id, userAgent });
      return { user: user!, token };
    });
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === undefined) throw err;
    // Lost a race with a simultaneous sign-up: the database's unique index decides.
    throw new ConflictError(constraint.includes("email") ? EMAIL_TAKEN : USERNAME_TAKEN);
  }
}

export async function loginUser({
  db,
  input,
  ip,
  userAgent,
}: {
  db: Db;
  input: LoginInput;
  ip: string;
  userAgent?: string | null;
}) {
  const perAddress: Limit = { key: `login-address:${JSON.stringify([input.username, ip])}`, max: LOGIN_MAX_FAILURES, windowSeconds: LOGIN_WINDOW_SECONDS };
  const perUsername: Limit = { key: `login-username:${input.username}`, max: LOGIN_MAX_FAILURES_PER_USERNAME, windowSeconds: LOGIN_WINDOW_SECONDS };
  // Every attempt is counted before the password is checked; a success gives its count back.
  await consumeAttempt({ db, limit: perAddress });
  await consumeAttempt({ db, limit: perUsername });

  const [user] = await db.select().from(users).where(eq(users.username, input.username)).limit(1);
  if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
    throw new UnauthorizedError(INVALID_CREDENTIALS);
  }
  await clearAttempts({ db, key: perAddress.key });
  await refundAttempt({ db, key: perUsername.key });
  const token = await createSession({ db, userId: user.id, userAgent });
  return { user, token };
}
