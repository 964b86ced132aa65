import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { trustedDevices } from "@/lib/db/schema";
import { hashToken, newToken } from "./tokens";

// The OWASP "device cookie" (docs/decisions/013): a browser that signed in to an account with its
// password carries a random token (only its hash is stored) that marks it as that account's
// device. From it, failed logins count against the device alone, so a stranger who locks the
// account out for everyone else cannot lock its owner out.

export const DEVICE_COOKIE = "inkwell_device";
export const DEVICE_COOKIE_DAYS = 365;
/** Only the login route needs the cookie: no other request carries it. */
export const DEVICE_COOKIE_PATH = "/api/auth/login";

/** The id of the trusted device a cookie names for this account, or null (always null for no account). */
export async function findTrustedDevice({
  db,
  token,
  userId,
}: {
  db: Db;
  token: string | undefined;
  userId: string | undefined;
}): Promise<string | null> {
  if (!token || token.length > 200 || !userId) return null;
  const [row] = await db
    .select({ id: trustedDevices.tokenHash })
    .from(trustedDevices)
    .where(and(eq(trustedDevices.tokenHash, hashToken(token)), eq(trustedDevices.userId, userId)))
    .limit(1);
  return row?.id ?? null;
}

/** After a successful password login: the device it came from is now trusted. Returns a new cookie value, if one is needed. */
export async function trustDevice({
  db,
  userId,
  deviceId,
}: {
  db: Db;
  userId: string;
  deviceId: string | null;
}): Promise<string | undefined> {
  if (deviceId) {
    await db
      .update(trustedDevices)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(trustedDevices.tokenHash, deviceId));
    return undefined;
  }
  const token = newToken();
  await db.insert(trustedDevices).values({ tokenHash: hashToken(token), userId });
  return token;
}
