import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users, type User } from "@/lib/db/schema";
import { ForbiddenError, uniqueViolation } from "@/lib/errors";
import { NAME_MAX, USERNAME_MAX, USERNAME_MIN } from "@/lib/validation/auth";

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
 * The Inkwell user of a Google account: the one already linked to it, else the one with the same
 * (Google-verified) email, which gets linked, else a new user with no password.
 */
export async function findOrCreateGoogleUser({ db, identity }: { db: Db; identity: GoogleIdentity }): Promise<User> {
  const [linked] = await db.select().from(users).where(eq(users.googleSub, identity.sub)).limit(1);
  if (linked) return linked;
  // An unverified address could belong to anyone: never let it take over an account.
  if (!identity.emailVerified) throw new ForbiddenError("Google has not verified this email address");

  const [sameEmail] = await db.select().from(users).where(eq(sql`lower(${users.email})`, identity.email.toLowerCase())).limit(1);
  if (sameEmail) {
    const [updated] = await db.update(users).set({ googleSub: identity.sub, updatedAt: sql`now()` }).where(eq(users.id, sameEmail.id)).returning();
    return updated!;
  }

  const name = identity.name.trim().slice(0, NAME_MAX) || identity.email.split("@")[0]!.slice(0, NAME_MAX);
  const base = usernameFromName(identity.name, identity.email.split("@")[0]!);
  for (let attempt = 0; attempt < 10; attempt++) {
    const username = attempt === 0 ? base : withSuffix(base);
    try {
      const [created] = await db.insert(users).values({ name, username, email: identity.email, googleSub: identity.sub, passwordHash: null }).returning();
      return created!;
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === undefined) throw err;
      // The email or the Google account was taken by a simultaneous sign-in: use that user.
      if (!constraint.includes("username")) return findOrCreateGoogleUser({ db, identity });
    }
  }
  throw new Error(`No free username found for ${base}`);
}
