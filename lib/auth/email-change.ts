import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { ConflictError, uniqueViolation, ValidationError } from "@/lib/errors";
import { linkMail } from "@/lib/mail/link-mail";
import { addresseeOf, mailFrame, mailWords } from "@/lib/mail/words";
import type { Locale } from "@/lib/i18n/locales";
import { noticeMail } from "@/lib/mail/notice-mail";
import type { MailMessage } from "@/lib/mail/transports";
import { consumeAttempt } from "@/lib/rate-limit";
import {
  EMAIL_CHANGE_MAX_PER_HOUR,
  EMAIL_CHANGE_TOKEN_HOURS,
  EMAIL_CHANGE_UNDO_DAYS,
  EMAIL_TAKEN_MESSAGE,
  NO_PASSWORD_FOR_EMAIL_MESSAGE,
  SAME_EMAIL_MESSAGE,
  INVALID_EMAIL_CHANGE_TOKEN,
} from "./email-change-limits";
import { emailDomainAllowed, signupDomainMessage } from "@/lib/validation/auth-limits";
import { checkCurrentPassword } from "./password-change";
import { hashToken, newToken } from "./tokens";
import { RESET_TOKEN_MINUTES } from "./password-reset";
import { endEveryWayIn, removedLines, type EndedAccess } from "./unproven";

// Changing the account's address from the Security screen (docs/decisions/072): the password
// proves the person, a link mailed to the new address proves the mailbox, and nothing changes
// until that link is opened. The old address is told at once, so a taken-over session cannot move
// the account away unnoticed.

/**
 * POST /api/auth/change-email: checks the password (counted with the password change's tries),
 * then stores a link for the new address (earlier open ones are burnt) and returns the two mails:
 * the link to the new address, a notice to the old one. The new address must be at a domain
 * sign-up allows (SIGNUP_EMAIL_DOMAINS, checked first: no password try is spent on it), not the
 * current one, nor another account's (409, as sign-up says).
 */
export async function requestEmailChange({
  db,
  userId,
  password,
  newEmail,
  linkBase,
  allowedDomains,
}: {
  db: Db;
  userId: string;
  password: string;
  newEmail: string;
  linkBase: string;
  allowedDomains: readonly string[];
}): Promise<MailMessage[]> {
  if (!emailDomainAllowed(newEmail, allowedDomains)) {
    const message = signupDomainMessage(allowedDomains);
    throw new ValidationError(message, [{ path: "newEmail", message }]);
  }
  const user = await checkCurrentPassword({
    db,
    userId,
    password,
    field: "password",
    noPassword: NO_PASSWORD_FOR_EMAIL_MESSAGE,
  });
  if (user.email.toLowerCase() === newEmail.toLowerCase())
    throw new ValidationError(SAME_EMAIL_MESSAGE, [{ path: "newEmail", message: SAME_EMAIL_MESSAGE }]);
  const { rows: taken } = await db.execute(sql`select 1 from users where lower(email) = lower(${newEmail})`);
  if (taken.length) throw new ConflictError(EMAIL_TAKEN_MESSAGE, "newEmail");
  await consumeAttempt({
    db,
    limit: { key: `email-change:${userId}`, max: EMAIL_CHANGE_MAX_PER_HOUR, windowSeconds: 60 * 60 },
  });
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx.execute(sql`update email_changes set used_at = now() where user_id = ${userId}::uuid and used_at is null`);
    await tx.execute(sql`
      insert into email_changes (token_hash, user_id, new_email, expires_at)
      values (${hashToken(token)}, ${userId}::uuid, ${newEmail}, now() + make_interval(hours => ${EMAIL_CHANGE_TOKEN_HOURS}))`);
  });
  const link = `${linkBase}/change-email/${token}`;
  return [
    newAddressMail({ locale: user.browserLanguage, to: newEmail, name: user.name, username: user.username, link }),
    addressChangeNotice({
      ...addresseeOf(user),
      newEmail,
      linkBase,
    }),
  ];
}

/** The link that proves the new address, in the account's language (docs/decisions/143). */
function newAddressMail(m: { locale: Locale; to: string; name: string; username: string; link: string }) {
  const frame = mailFrame(m.locale);
  const t = mailWords(m.locale, "emailChange");
  return linkMail({
    frame,
    to: m.to,
    name: m.name,
    link: m.link,
    subject: t("subject"),
    reason: t("reason", { username: m.username }),
    action: t("action"),
    deadline: frame.hours(EMAIL_CHANGE_TOKEN_HOURS),
    button: t("button"),
    ignore: t("ignore"),
  });
}

/** The notice to the old address: what was asked, and the way out for someone who did not ask. */
function addressChangeNotice({
  locale,
  to,
  name,
  username,
  newEmail,
  linkBase,
}: {
  locale: Locale;
  to: string;
  name: string;
  username: string;
  newEmail: string;
  linkBase: string;
}): MailMessage {
  const frame = mailFrame(locale);
  const t = mailWords(locale, "addressChange");
  return noticeMail({
    frame,
    to,
    subject: t("subject"),
    name,
    paragraphs: [
      { text: t("what", { username, newEmail }) },
      { text: t("ifNot"), link: { href: `${linkBase}/me/security`, label: frame.security } },
    ],
  });
}

/**
 * POST /api/auth/change-email/{token}: the link was opened. In one transaction the link is burnt,
 * the account takes the new address (verified: the mailbox just proved it), and every other open
 * link of the account (other changes, verification and reset links mailed to the old address)
 * stops working. A used, expired or unknown link is a 400; an address another account took in the
 * meantime is a 409, and nothing changes. Returns the mail to the old address: what changed, and a
 * link that undoes it for EMAIL_CHANGE_UNDO_DAYS days (undoEmailChange).
 */
export async function confirmEmailChange({
  db,
  token,
  linkBase,
}: {
  db: Db;
  token: string;
  linkBase: string;
}): Promise<MailMessage> {
  if (!token || token.length > 200) throw new ValidationError(INVALID_EMAIL_CHANGE_TOKEN);
  const undoToken = newToken();
  try {
    return await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ userId: string; newEmail: string }>(sql`
        update email_changes set used_at = now()
        where token_hash = ${hashToken(token)} and used_at is null and expires_at > now()
        returning user_id as "userId", new_email as "newEmail"`);
      const change = rows[0];
      if (!change) throw new ValidationError(INVALID_EMAIL_CHANGE_TOKEN);
      const { rows: holders } = await tx.execute<{
        email: string;
        name: string;
        username: string;
        browserLanguage: Locale;
      }>(
        sql`select email, name, username, browser_language as "browserLanguage" from users where id = ${change.userId}::uuid for update`,
      );
      const before = holders[0]!;
      await tx.execute(
        sql`update users set email = ${change.newEmail}, email_verified_at = now(), updated_at = now() where id = ${change.userId}::uuid`,
      );
      await tx.execute(
        sql`update email_verifications set used_at = now() where user_id = ${change.userId}::uuid and used_at is null`,
      );
      await tx.execute(
        sql`update password_resets set used_at = now() where user_id = ${change.userId}::uuid and used_at is null`,
      );
      await tx.execute(sql`
        insert into email_change_undos (token_hash, user_id, old_email, new_email, expires_at)
        values (${hashToken(undoToken)}, ${change.userId}::uuid, ${before.email}, ${change.newEmail}, now() + make_interval(days => ${EMAIL_CHANGE_UNDO_DAYS}))`);
      return addressChangedNotice({
        locale: before.browserLanguage,
        to: before.email,
        name: before.name,
        username: before.username,
        newEmail: change.newEmail,
        link: `${linkBase}/undo-email-change/${undoToken}`,
      });
    });
  } catch (err) {
    // Another account took the address after the link was sent: the unique index decides, the transaction rolled back.
    if (uniqueViolation(err) !== undefined) throw new ConflictError(EMAIL_TAKEN_MESSAGE);
    throw err;
  }
}

/** The mail to the address an account left: what changed, and the way back for someone who did not change it. */
function addressChangedNotice({
  locale,
  to,
  name,
  username,
  newEmail,
  link,
}: {
  locale: Locale;
  to: string;
  name: string;
  username: string;
  newEmail: string;
  link: string;
}): MailMessage {
  const frame = mailFrame(locale);
  const t = mailWords(locale, "addressChanged");
  return noticeMail({
    frame,
    to,
    subject: t("subject"),
    name,
    paragraphs: [
      { text: t("what", { username, newEmail }) },
      { text: t("ifNot", { days: frame.days(EMAIL_CHANGE_UNDO_DAYS) }), link: { href: link, label: t("link") } },
    ],
  });
}

/**
 * POST /api/auth/change-email/undo/{token}: the link mailed to the address a change left, opened
 * within EMAIL_CHANGE_UNDO_DAYS days (docs/decisions/072). Whoever moved the account may hold its
 * password, a session, a passkey or two factors, so the old address comes back (verified: its
 * mailbox just proved it) and every way in ends (lib/auth/unproven.ts endEveryWayIn), with the
 * password and the Google link; the caller then mails a reset link to the address. Undo links of
 * changes made after this one are burnt too, never earlier ones: undoing a later change cannot shut
 * out the owner of the first address. A used, expired or unknown link is a 400; an old address
 * another account took since is a 409, and nothing changes. Returns the mail's addressee and what went.
 */
export async function undoEmailChange({ db, token }: { db: Db; token: string }) {
  if (!token || token.length > 200) throw new ValidationError(INVALID_EMAIL_CHANGE_TOKEN);
  try {
    return await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ userId: string; oldEmail: string; createdAt: string }>(sql`
        update email_change_undos set used_at = now()
        where token_hash = ${hashToken(token)} and used_at is null and expires_at > now()
        returning user_id as "userId", old_email as "oldEmail", created_at::text as "createdAt"`);
      const undo = rows[0];
      if (!undo) throw new ValidationError(INVALID_EMAIL_CHANGE_TOKEN);
      const { rows: holders } = await tx.execute<{ name: string; username: string; browserLanguage: Locale }>(sql`
        update users set email = ${undo.oldEmail}, email_verified_at = now(), password_hash = null, google_sub = null, updated_at = now()
        where id = ${undo.userId}::uuid returning name, username, browser_language as "browserLanguage"`);
      await tx.execute(
        sql`update email_change_undos set used_at = now() where user_id = ${undo.userId}::uuid and used_at is null and created_at > ${undo.createdAt}::timestamptz`,
      );
      const gone = await endEveryWayIn({ tx: tx as unknown as Db, userId: undo.userId });
      return {
        userId: undo.userId,
        email: undo.oldEmail,
        name: holders[0]!.name,
        username: holders[0]!.username,
        browserLanguage: holders[0]!.browserLanguage,
        gone,
      };
    });
  } catch (err) {
    if (uniqueViolation(err) !== undefined) throw new ConflictError(EMAIL_TAKEN_MESSAGE);
    throw err;
  }
}

/** The mail after an undo: the address is back, what was removed, and the link to choose a new password. */
export function changeUndoneMail({
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
  const t = mailWords(locale, "changeUndone");
  const removed = removedLines(locale, gone);
  return noticeMail({
    frame,
    to,
    subject: t("subject"),
    name,
    paragraphs: [
      { text: t("what", { username }) },
      ...(removed.length ? [{ text: frame.removed(removed) }] : []),
      {
        text: t("next", { deadline: frame.minutes(RESET_TOKEN_MINUTES) }),
        link: { href: resetLink, label: t("link") },
      },
    ],
  });
}
