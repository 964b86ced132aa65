import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { mailFrame, mailWords } from "@/lib/mail/words";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { ValidationError } from "@/lib/errors";
import { noticeMail, type NoticeParagraph } from "@/lib/mail/notice-mail";
import type { MailMessage } from "@/lib/mail/transports";
import { NOT_ME_LINK_DAYS } from "./not-me-limits";
import { RESET_TOKEN_MINUTES } from "./password-reset";
import { hashToken, newToken } from "./tokens";
import { endEveryWayIn, removedLines, type EndedAccess } from "./unproven";
import { INVALID_EMAIL_CHANGE_TOKEN } from "@/lib/auth/email-change-limits";

// "This was not me" (docs/decisions/101): the notice of a new way in (two-factor sign-in turned
// on, a passkey added) carries a link that ends every way in, for an owner whose password someone
// else used to lock them out. The link proves the mailbox, as the email-change undo's does
// (lib/auth/email-change.ts), and ends in the same clean account.

/**
 * Stores a link for the notice about to go to `email`, and returns its URL under `linkBase`; null
 * when `email` is not the account's verified address (an unproven address's mailbox is not known
 * to be the owner's, docs/decisions/011), so the notice goes without one.
 */
export async function issueNotMeLink({
  db,
  userId,
  email,
  linkBase,
}: {
  db: Db;
  userId: string;
  email: string;
  linkBase: string;
}): Promise<string | null> {
  const token = newToken();
  const { rows } = await db.execute(sql`
    insert into not_me_links (token_hash, user_id, sent_to, expires_at)
    select ${hashToken(token)}, id, email, now() + make_interval(days => ${NOT_ME_LINK_DAYS})
    from users where id = ${userId}::uuid and lower(email) = lower(${email}) and email_verified_at is not null
    returning 1`);
  return rows.length ? `${linkBase}/not-me/${token}` : null;
}

/** The notice's paragraph for someone who did not make the new way in: the link when there is one, the Security screen otherwise. */
export function notMeParagraph({
  locale,
  notMeLink,
  appUrl,
  otherwise,
}: {
  locale: Locale;
  notMeLink: string | null;
  appUrl: string;
  otherwise: string;
}): NoticeParagraph {
  const frame = mailFrame(locale);
  if (!notMeLink) return { text: otherwise, link: { href: `${appUrl}/me/security`, label: frame.security } };
  const t = mailWords(locale, "notMe");
  return {
    text: t("paragraph", { days: frame.days(NOT_ME_LINK_DAYS) }),
    link: { href: notMeLink, label: t("link") },
  };
}

/**
 * POST /api/auth/not-me/{token}: the link was used. In one transaction it is burnt, and so is
 * every other open one of the account; if the account's address is still the one it was sent to,
 * every way in ends (endEveryWayIn: sessions, trusted devices, passkeys, two factors, pending
 * changes, open links, including those made after the link was sent), with the password and the
 * Google link; the caller then mails a reset link to the address. A used, expired, unknown or
 * malformed link is a 400 and changes nothing; one whose address the account no longer has is a
 * 400 too, and stays burnt. Returns the mail's addressee and what went.
 */
export async function redeemNotMeLink({ db, token }: { db: Db; token: string }) {
  if (!token || token.length > 200) throw new ValidationError(INVALID_EMAIL_CHANGE_TOKEN);
  const ended = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ userId: string; sentTo: string }>(sql`
      update not_me_links set used_at = now()
      where token_hash = ${hashToken(token)} and used_at is null and expires_at > now()
      returning user_id as "userId", sent_to as "sentTo"`);
    const link = rows[0];
    if (!link) throw new ValidationError(INVALID_EMAIL_CHANGE_TOKEN);
    // The row lock taken here makes a change of address wait, or be waited for and seen.
    const { rows: holders } = await tx.execute<{
      email: string;
      name: string;
      username: string;
      browserLanguage: Locale;
    }>(sql`
      update users set password_hash = null, google_sub = null, updated_at = now()
      where id = ${link.userId}::uuid and lower(email) = lower(${link.sentTo})
      returning email, name, username, browser_language as "browserLanguage"`);
    const holder = holders[0];
    // Another address is the account's now: that mailbox, not this one, speaks for it. Committed, so the link stays burnt.
    if (!holder) return null;
    await tx.execute(
      sql`update not_me_links set used_at = now() where user_id = ${link.userId}::uuid and used_at is null`,
    );
    const gone = await endEveryWayIn({ tx: tx as unknown as Db, userId: link.userId });
    return { userId: link.userId, ...holder, gone };
  });
  if (!ended) throw new ValidationError(INVALID_EMAIL_CHANGE_TOKEN);
  return ended;
}

/** The mail after "This was not me": what was removed, and the link to choose a new password. */
export function notMeDoneMail({
  locale,
  to,
  name,
  username,
  resetLink,
  gone,
}: {
  locale: Locale;
  to: string;
  name: string;
  username: string;
  resetLink: string;
  gone: EndedAccess;
}): MailMessage {
  const frame = mailFrame(locale);
  const t = mailWords(locale, "notMe");
  const removed = removedLines(locale, gone);
  return noticeMail({
    frame,
    to,
    subject: t("doneSubject"),
    name,
    paragraphs: [
      { text: t("done", { username }) },
      ...(removed.length ? [{ text: frame.removed(removed) }] : []),
      {
        text: t("doneNext", { deadline: frame.minutes(RESET_TOKEN_MINUTES) }),
        link: { href: resetLink, label: t("doneLink") },
      },
    ],
  });
}
