import "server-only";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import {
  emailVerifications,
  friendRequests,
  friendships,
  passkeys,
  passwordResets,
  sessions,
  trustedDevices,
  twoFactorChallenges,
  twoFactorRecoveryCodes,
  twoFactors,
  webauthnChallenges,
} from "@/lib/db/schema";
import { noticeMail } from "@/lib/mail/notice-mail";
import type { MailMessage } from "@/lib/mail/transports";
import { INBOX_CHANNEL } from "@/lib/db/channels";
import { cancelEmailChanges } from "./pending-changes";
import { dropPasskeyWraps } from "./lock-wraps";

/** What a takeover removed: the owner is told (takeoverMail). */
export interface ForgottenAccess extends EndedAccess {
  friendships: number;
  friendRequests: number;
}

const count = (rows: unknown[]) => rows.length;

/** What ending every way in removed (endEveryWayIn). */
export interface EndedAccess {
  sessions: number;
  passkeys: number;
  /** Two-factor sign-in was set up (on, or its setup begun), with its recovery codes. */
  twoFactor: boolean;
  emailChanges: number;
}

/**
 * Ends every way in to an account but its address: its sessions (and with them the devices' push
 * subscriptions), its trusted devices, its passkeys and their open ceremonies, its two-factor secret,
 * recovery codes and code steps, its pending address changes, its open verification and reset links.
 * For when whoever held the account is not known to be its owner: a takeover by the address's owner
 * (below), a change of address undone from the old address (lib/auth/email-change.ts). The caller
 * removes or replaces the password in the same transaction, with the user row locked.
 */
export async function endEveryWayIn({ tx, userId }: { tx: Db; userId: string }): Promise<EndedAccess> {
  const endedSessions = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  await tx.execute(sql`select pg_notify(${INBOX_CHANNEL}, ${userId}::text)`);
  await tx.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
  const keys = await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
  await dropPasskeyWraps({ tx, userId });
  await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
  const secret = await tx
    .delete(twoFactors)
    .where(eq(twoFactors.userId, userId))
    .returning({ userId: twoFactors.userId });
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  const changes = await cancelEmailChanges({ db: tx, userId });
  await tx
    .update(emailVerifications)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  return { sessions: count(endedSessions), passkeys: count(keys), twoFactor: secret.length > 0, emailChanges: changes };
}

/**
 * Ends every way in to an account that was granted before its address was proven, for when the
 * address's owner takes the account over (docs/decisions/011): everything endEveryWayIn ends, and
 * its friendships (both rows of each) and every friend request it sent or received, whatever their
 * state. What is left grants nobody anything: the entries and the profile, which the owner now sees
 * and can change or delete. Returns what went, for the owner.
 */
export async function forgetUnprovenAccess({ tx, userId }: { tx: Db; userId: string }): Promise<ForgottenAccess> {
  const ended = await endEveryWayIn({ tx, userId });
  const ties = await tx
    .delete(friendships)
    .where(or(eq(friendships.userId, userId), eq(friendships.friendId, userId)))
    .returning({ userId: friendships.userId });
  const requests = await tx
    .delete(friendRequests)
    .where(or(eq(friendRequests.fromId, userId), eq(friendRequests.toId, userId)))
    .returning({ id: friendRequests.id });
  // Each friendship is two rows, one each way.
  return { ...ended, friendships: Math.ceil(count(ties) / 2), friendRequests: count(requests) };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The lines of a mail that say what was removed; empty when nothing was. */
export function removedLines(gone: EndedAccess & Partial<ForgottenAccess>): string[] {
  const lines: string[] = [];
  if (gone.passkeys) lines.push(`${plural(gone.passkeys, "passkey", "passkeys")}, which can no longer sign in`);
  if (gone.twoFactor)
    lines.push("two-factor sign-in and its recovery codes, which you can set up again on the Security screen");
  if (gone.emailChanges)
    lines.push(
      `${plural(gone.emailChanges, "pending change", "pending changes")} of the account's email address, whose links no longer work`,
    );
  if (gone.sessions) lines.push(`${plural(gone.sessions, "signed-in browser", "signed-in browsers")}, now signed out`);
  if (gone.friendships)
    lines.push(
      `${plural(gone.friendships, "friendship", "friendships")}, so nobody reads your close-circle pages until you choose them`,
    );
  if (gone.friendRequests) lines.push(plural(gone.friendRequests, "friend request", "friend requests"));
  return lines;
}

/**
 * The mail to the address's owner after a takeover: the account was made with their address by
 * someone who never proved it, and what that person had set up is gone.
 */
export function takeoverMail({
  to,
  name,
  username,
  appUrl,
  gone,
}: {
  to: string;
  name: string;
  username: string;
  appUrl: string;
  gone: ForgottenAccess;
}): MailMessage {
  const removed = removedLines(gone);
  const what = `The Inkwell account @${username} had been created with your email address by someone who never proved that the address was theirs. You have now proved it, so the account is yours, and whatever its earlier holder had set up to get back in was removed.`;
  const list = removed.length ? `Removed: ${removed.join("; ")}.` : "Nothing else had been set up.";
  const check =
    "The pages, hearts and profile it holds are still there: look through them and keep or delete what you like. Your security settings:";
  return noticeMail({
    to,
    subject: "Your Inkwell account is yours again",
    name,
    paragraphs: [
      { text: what },
      { text: list },
      { text: check, link: { href: `${appUrl}/me/security`, label: "Security" } },
    ],
  });
}
