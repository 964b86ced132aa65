import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { mailFrame, mailWords } from "@/lib/mail/words";
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

/** The lines of a mail that say what was removed, in the reader's language; empty when nothing was. */
export function removedLines(locale: Locale, gone: EndedAccess & Partial<ForgottenAccess>): string[] {
  const t = mailWords(locale, "removed");
  const lines: string[] = [];
  if (gone.passkeys) lines.push(t("passkeys", { count: gone.passkeys }));
  if (gone.twoFactor) lines.push(t("twoFactor"));
  if (gone.emailChanges) lines.push(t("emailChanges", { count: gone.emailChanges }));
  if (gone.sessions) lines.push(t("sessions", { count: gone.sessions }));
  if (gone.friendships) lines.push(t("friendships", { count: gone.friendships }));
  if (gone.friendRequests) lines.push(t("friendRequests", { count: gone.friendRequests }));
  return lines;
}

/**
 * The mail to the address's owner after a takeover: the account was made with their address by
 * someone who never proved it, and what that person had set up is gone.
 */
export function takeoverMail({
  locale,
  to,
  name,
  username,
  appUrl,
  gone,
}: {
  locale: Locale;
  to: string;
  name: string;
  username: string;
  appUrl: string;
  gone: ForgottenAccess;
}): MailMessage {
  const frame = mailFrame(locale);
  const t = mailWords(locale, "takeover");
  const removed = removedLines(locale, gone);
  return noticeMail({
    frame,
    to,
    subject: t("subject"),
    name,
    paragraphs: [
      { text: t("what", { username }) },
      { text: removed.length ? frame.removed(removed) : t("nothingElse") },
      { text: t("check"), link: { href: `${appUrl}/me/security`, label: frame.security } },
    ],
  });
}
