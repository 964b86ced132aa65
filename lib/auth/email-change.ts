import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { ConflictError, uniqueViolation, ValidationError } from "@/lib/errors";
import { linkMail } from "@/lib/mail/link-mail";
import { noticeMail } from "@/lib/mail/notice-mail";
import type { MailMessage } from "@/lib/mail/transports";
import { consumeAttempt } from "@/lib/rate-limit";
import {
  EMAIL_CHANGE_MAX_PER_HOUR,
  EMAIL_CHANGE_TOKEN_HOURS,
  EMAIL_TAKEN_MESSAGE,
  INVALID_EMAIL_CHANGE_TOKEN,
  NO_PASSWORD_FOR_EMAIL_MESSAGE,
  SAME_EMAIL_MESSAGE,
} from "./email-change-limits";
import { checkCurrentPassword } from "./password-change";
import { hashToken, newToken } from "./tokens";

// Changing the account's address from the Security screen (docs/decisions/072): the password
// proves the person, a link mailed to the new address proves the mailbox, and nothing changes
// until that link is opened. The old address is told at once, so a taken-over session cannot move
// the account away unnoticed.

/**
 * POST /api/auth/change-email: checks the password (counted with the password change's tries),
 * then stores a link for the new address (earlier open ones are burnt) and returns the two mails:
 * the link to the new address, a notice to the old one. The new address must not be the current
 * one, nor another account's (409, as sign-up says).
 */
export async function requestEmailChange({
  db,
  userId,
  password,
  newEmail,
  linkBase,
}: {
  db: Db;
  userId: string;
  password: string;
  newEmail: string;
  linkBase: string;
}): Promise<MailMessage[]> {
  const user = await checkCurrentPassword({ db, userId, password, field: "password", noPassword: NO_PASSWORD_FOR_EMAIL_MESSAGE });
  if (user.email.toLowerCase() === newEmail.toLowerCase()) throw new ValidationError(SAME_EMAIL_MESSAGE, [{ path: "newEmail", message: SAME_EMAIL_MESSAGE }]);
  const { rows: taken } = await db.execute(sql`select 1 from users where lower(email) = lower(${newEmail})`);
  if (taken.length) throw new ConflictError(EMAIL_TAKEN_MESSAGE, "newEmail");
  await consumeAttempt({ db, limit: { key: `email-change:${userId}`, max: EMAIL_CHANGE_MAX_PER_HOUR, windowSeconds: 60 * 60 } });
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx.execute(sql`update email_changes set used_at = now() where user_id = ${userId}::uuid and used_at is null`);
    await tx.execute(sql`
      insert into email_changes (token_hash, user_id, new_email, expires_at)
      values (${hashToken(token)}, ${userId}::uuid, ${newEmail}, now() + make_interval(hours => ${EMAIL_CHANGE_TOKEN_HOURS}))`);
  });
  const link = `${linkBase}/change-email/${token}`;
  return [
    linkMail({
      to: newEmail,
      name: user.name,
      link,
      subject: "Confirm your new Inkwell email address",
      reason: `Someone (hopefully you) asked to move the Inkwell account @${user.username} to this email address.`,
      action: "Confirm that it is yours",
      deadline: `${EMAIL_CHANGE_TOKEN_HOURS} hours`,
      button: "Confirm the new address",
      ignore: "If you did not ask for this, ignore this email: nothing changes.",
    }),
    addressChangeNotice({ to: user.email, name: user.name, username: user.username, newEmail, linkBase }),
  ];
}

/** The notice to the old address: what was asked, and the way out for someone who did not ask. */
function addressChangeNotice({ to, name, username, newEmail, linkBase }: { to: string; name: string; username: string; newEmail: string; linkBase: string }): MailMessage {
  const what = `Someone signed in to your Inkwell account @${username} asked to change its address to ${newEmail}. Nothing changes until a link mailed there is opened.`;
  const ifNot = "If this was not you, change your password now; that signs out every other browser:";
  const link = `${linkBase}/me/security`;
  return noticeMail({
    to,
    subject: "A change of your Inkwell email address was asked for",
    name,
    paragraphs: [{ text: what }, { text: ifNot, link: { href: link, label: "Security" } }],
  });
}

/**
 * POST /api/auth/change-email/{token}: the link was opened. In one transaction the link is burnt,
 * the account takes the new address (verified: the mailbox just proved it), and every other open
 * link of the account (other changes, verification and reset links mailed to the old address)
 * stops working. A used, expired or unknown link is a 400; an address another account took in the
 * meantime is a 409, and nothing changes.
 */
export async function confirmEmailChange({ db, token }: { db: Db; token: string }): Promise<void> {
  if (!token || token.length > 200) throw new ValidationError(INVALID_EMAIL_CHANGE_TOKEN);
  try {
    await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ userId: string; newEmail: string }>(sql`
        update email_changes set used_at = now()
        where token_hash = ${hashToken(token)} and used_at is null and expires_at > now()
        returning user_id as "userId", new_email as "newEmail"`);
      const change = rows[0];
      if (!change) throw new ValidationError(INVALID_EMAIL_CHANGE_TOKEN);
      await tx.execute(sql`update users set email = ${change.newEmail}, email_verified_at = now(), updated_at = now() where id = ${change.userId}::uuid`);
      await tx.execute(sql`update email_verifications set used_at = now() where user_id = ${change.userId}::uuid and used_at is null`);
      await tx.execute(sql`update password_resets set used_at = now() where user_id = ${change.userId}::uuid and used_at is null`);
    });
  } catch (err) {
    // Another account took the address after the link was sent: the unique index decides, the transaction rolled back.
    if (uniqueViolation(err) !== undefined) throw new ConflictError(EMAIL_TAKEN_MESSAGE);
    throw err;
  }
}
