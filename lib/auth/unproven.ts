import "server-only";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { emailVerifications, friendRequests, friendships, trustedDevices } from "@/lib/db/schema";
import { revokeAllSessions } from "./sessions";

/**
 * Ends every way in to an account that was granted before its address was proven, for when the
 * address's owner takes the account over (docs/decisions/011): its sessions, its trusted devices,
 * its open verification links, its friendships (both rows of each) and every friend request it
 * sent or received, whatever their state. The caller removes the password in the same transaction,
 * with the user row locked. What is left grants nobody anything: the entries and the profile, which
 * the owner now sees and can change or delete.
 */
export async function forgetUnprovenAccess({ tx, userId }: { tx: Db; userId: string }) {
  await revokeAllSessions({ db: tx, userId });
  await tx.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
  await tx.update(emailVerifications).set({ usedAt: sql`now()` }).where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
  await tx.delete(friendships).where(or(eq(friendships.userId, userId), eq(friendships.friendId, userId)));
  await tx.delete(friendRequests).where(or(eq(friendRequests.fromId, userId), eq(friendRequests.toId, userId)));
}
