import "server-only";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users, type User } from "@/lib/db/schema";
import { ForbiddenError, uniqueViolation } from "@/lib/errors";
import { NAME_MAX, USERNAME_MAX, USERNAME_MIN } from "@/lib/validation/auth-limits";
import { toPlainLine } from "@/lib/validation/fields";
import { config } from "@/lib/config";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { forgetUnprovenAccess, takeoverMail, type ForgottenAccess } from "./unproven";

export const GOOGLE_UNVERIFIED_MESSAGE = "Google has not verified this email address";

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/** A username within the rules (3–30 of a-z 0-9 _ .) taken from a display name: "Zoë O'Neil" → "zoe_oneil". */
export function usernameFromName(name: string, fallback: string): string {
  const clean = (s: string) =>
    s
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/\s+/g, "_")
      .replace(/[^a-z0-9_.]/g, "")
      .replace(/^[_.]+|[_.]+$/g, "");
  const base = (clean(name) || clean(fallback) || "writer").slice(0, USERNAME_MAX - 5);
  return base.length >= USERNAME_MIN ? base : `${base}_writer`.slice(0, USERNAME_MAX - 5);
}

function withSuffix(base: string): string {
  return `${base}${Math.floor(1000 + Math.random() * 9000)}`;
}

/**
 * Links a Google account to the user who has its (Google-verified) email. When that user never
 * proved the address, the Google owner takes it over (docs/decisions/011): in one transaction the
 * password is removed, the name becomes the one Google gives, the address is marked verified, and
 * everything granted before the proof is gone (lib/auth/unproven.ts: sessions, trusted devices,
 * passkeys, two-factor sign-in, pending address changes, open links, friendships, friend
 * requests), so whoever registered someone else's address is shut out and reads nothing the owner
 * writes; the owner is mailed what was removed. Null if the user is gone.
 */
async function linkGoogleAccount({
  db,
  userId,
  identity,
  language,
}: {
  db: Db;
  userId: string;
  identity: GoogleIdentity;
  language: Locale;
}): Promise<User | null> {
  const { sub } = identity;
  const { user, gone } = await db.transaction(
    async (tx): Promise<{ user: User | null; gone: ForgottenAccess | null }> => {
      // Locked, so a verification link used at the same moment is either before or after this, not between.
      const [current] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
      if (!current) return { user: null, gone: null };
      if (current.emailVerifiedAt) {
        const [linked] = await tx
          .update(users)
          .set({ googleSub: sub, updatedAt: sql`now()` })
          .where(eq(users.id, userId))
          .returning();
        return { user: linked!, gone: null };
      }
      const name = toPlainLine(identity.name).slice(0, NAME_MAX).trim() || current.name;
      const [taken] = await tx
        .update(users)
        .set({ googleSub: sub, name, passwordHash: null, emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning();
      return { user: taken!, gone: await forgetUnprovenAccess({ tx: tx as unknown as Db, userId }) };
    },
  );
  if (user && gone) {
    console.info(
      `[google] The owner of a Google account took over user ${userId}, whose email was unverified; its password, sessions, passkeys, two factors, address changes and friendships are gone.`,
    );
    const mail = takeoverMail({
      locale: language,
      to: user.email,
      name: user.name,
      username: user.username,
      appUrl: config().APP_URL,
      gone,
    });
    // Not waited for: the sign-in does not hang on the mail provider.
    void sendMail(mail).catch((err: unknown) => logError("mail", "The takeover notice could not be sent", err));
  }
  return user;
}

/**
 * The Inkwell user of a Google account: the one already linked to it, else the one with the same
 * (Google-verified) email, which gets linked (taken over when unverified), else a new verified
 * user with no password.
 */
export async function findOrCreateGoogleUser({
  db,
  identity,
  language = DEFAULT_LOCALE,
}: {
  db: Db;
  identity: GoogleIdentity;
  /** The signing-in browser's (lib/i18n/negotiate.ts): a takeover's notice is written in it, the address's owner's. */
  language?: Locale;
}): Promise<User> {
  const [linked] = await db.select().from(users).where(eq(users.googleSub, identity.sub)).limit(1);
  if (linked) return linked;
  // An unverified address could belong to anyone: never let it take over an account.
  if (!identity.emailVerified) throw new ForbiddenError(GOOGLE_UNVERIFIED_MESSAGE);

  const [sameEmail] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, identity.email.toLowerCase()))
    .limit(1);
  if (sameEmail) {
    const linked = await linkGoogleAccount({ db, userId: sameEmail.id, identity, language });
    if (linked) return linked;
  }

  // Google's name is not typed into a form we could refuse: it is made a plain line, as sign-up requires (docs/decisions/042).
  const name =
    toPlainLine(identity.name).slice(0, NAME_MAX).trim() ||
    toPlainLine(identity.email.split("@")[0]!).slice(0, NAME_MAX);
  const base = usernameFromName(identity.name, identity.email.split("@")[0]!);
  for (let attempt = 0; attempt < 10; attempt++) {
    const username = attempt === 0 ? base : withSuffix(base);
    try {
      const [created] = await db
        .insert(users)
        .values({
          name,
          username,
          email: identity.email,
          googleSub: identity.sub,
          passwordHash: null,
          emailVerifiedAt: sql`now()`,
        })
        .returning();
      return created!;
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === undefined) throw err;
      // The email or the Google account was taken by a simultaneous sign-in: use that user.
      if (!constraint.includes("username")) return findOrCreateGoogleUser({ db, identity, language });
    }
  }
  throw new Error(`No free username found for ${base}`);
}
