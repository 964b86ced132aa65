import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { addresseeOf, mailFrame, mailWords } from "@/lib/mail/words";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { ValidationError } from "@/lib/errors";
import { noticeMail } from "@/lib/mail/notice-mail";
import type { MailMessage } from "@/lib/mail/transports";
import { INBOX_CHANNEL } from "@/lib/db/channels";
import { clearAttempts, consumeAttempt } from "@/lib/rate-limit";
import { hashPassword, verifyPassword } from "./password";
import { cancelEmailChanges } from "./pending-changes";
import {
  CHANGE_PASSWORD_MAX_TRIES,
  CHANGE_PASSWORD_WINDOW_SECONDS,
  NO_PASSWORD_MESSAGE,
  SAME_PASSWORD_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from "./password-change-limits";

// Changing the password from the Security screen (docs/decisions/071): the current password is
// asked for (a session alone is not enough to take the account over), every other session ends,
// open reset links and pending changes of address are burned, and the address is told.

/**
 * The caller's current password, checked as a sign-in checks it, for the Security screen's
 * changes (the password, the address). Every try is counted per account before the check
 * (CHANGE_PASSWORD_MAX_TRIES in the window, then 429 even for the right one; the right one clears
 * the count), so a stolen session cannot guess at the speed of argon2. A wrong password, or an
 * account that has none (Google only, `noPassword`), is a 400 beside `field`.
 */
export async function checkCurrentPassword({
  db,
  userId,
  password,
  field,
  noPassword,
}: {
  db: Db;
  userId: string;
  password: string;
  field: string;
  noPassword: string;
}) {
  const limitKey = `current-password:${userId}`;
  await consumeAttempt({
    db,
    limit: { key: limitKey, max: CHANGE_PASSWORD_MAX_TRIES, windowSeconds: CHANGE_PASSWORD_WINDOW_SECONDS },
  });
  const { rows } = await db.execute<{
    passwordHash: string | null;
    email: string;
    name: string;
    username: string;
    browserLanguage: Locale;
  }>(
    sql`select password_hash as "passwordHash", email, name, username, browser_language as "browserLanguage" from users where id = ${userId}::uuid`,
  );
  const user = rows[0]!;
  if (!user.passwordHash) throw new ValidationError(noPassword, [{ path: field, message: noPassword }]);
  if (!(await verifyPassword(user.passwordHash, password)))
    throw new ValidationError(WRONG_PASSWORD_MESSAGE, [{ path: field, message: WRONG_PASSWORD_MESSAGE }]);
  await clearAttempts({ db, key: limitKey });
  return { email: user.email, name: user.name, username: user.username, browserLanguage: user.browserLanguage };
}

/**
 * POST /api/auth/change-password: the current password (checkCurrentPassword), then the new one.
 * Returns the notice to mail and how many other sessions ended.
 */
export async function changePassword({
  db,
  userId,
  currentSessionId,
  currentPassword,
  newPassword,
  removePasskeys = false,
  appUrl,
}: {
  db: Db;
  userId: string;
  currentSessionId: string;
  currentPassword: string;
  newPassword: string;
  removePasskeys?: boolean;
  appUrl: string;
}): Promise<{ ended: number; mail: MailMessage }> {
  const user = await checkCurrentPassword({
    db,
    userId,
    password: currentPassword,
    field: "currentPassword",
    noPassword: NO_PASSWORD_MESSAGE,
  });
  if (newPassword === currentPassword)
    throw new ValidationError(SAME_PASSWORD_MESSAGE, [{ path: "newPassword", message: SAME_PASSWORD_MESSAGE }]);
  const passwordHash = await hashPassword(newPassword);
  const ended = await db.transaction(async (tx) => {
    await tx.execute(
      sql`update users set password_hash = ${passwordHash}, updated_at = now() where id = ${userId}::uuid`,
    );
    await tx.execute(
      sql`update password_resets set used_at = now() where user_id = ${userId}::uuid and used_at is null`,
    );
    // A change of address a thief asked for with the old password dies with it (docs/decisions/072).
    await cancelEmailChanges({ db: tx as unknown as Db, userId });
    // Asked for on the form: a passkey someone else added with a stolen session goes too (docs/decisions/096).
    if (removePasskeys) await tx.execute(sql`delete from passkeys where user_id = ${userId}::uuid`);
    const { rows: gone } = await tx.execute<{ count: number }>(sql`
      with gone as (delete from sessions where user_id = ${userId}::uuid and id <> ${currentSessionId}::uuid returning 1)
      select count(*)::int as count from gone`);
    // Their live streams end on every instance (docs/decisions/064).
    await tx.execute(sql`select pg_notify(${INBOX_CHANNEL}, ${userId}::text)`);
    return Number(gone[0]?.count ?? 0);
  });
  return {
    ended,
    mail: passwordChangedMail({
      ...addresseeOf(user),
      appUrl,
    }),
  };
}

/** The notice that the password changed, with the way back in for someone who did not change it. */
export function passwordChangedMail({
  locale,
  to,
  name,
  username,
  appUrl,
}: {
  locale: Locale;
  to: string;
  name: string;
  username: string;
  appUrl: string;
}): MailMessage {
  const link = `${appUrl}/forgot-password`;
  const t = mailWords(locale, "passwordChanged");
  return noticeMail({
    frame: mailFrame(locale),
    to,
    subject: t("subject"),
    name,
    paragraphs: [{ text: t("what", { username }) }, { text: t("ifNot"), link: { href: link, label: t("link") } }],
  });
}
