import "server-only";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { mailFrame, mailWords } from "@/lib/mail/words";
import { sql } from "drizzle-orm";
import { confirmItIsYou } from "@/lib/auth/step-up";
import type { Db } from "@/lib/db/client";
import { ConflictError } from "@/lib/errors";
import { noticeMail } from "@/lib/mail/notice-mail";
import type { MailMessage } from "@/lib/mail/transports";
import { INBOX_CHANNEL } from "@/lib/db/channels";
import { photoFileKeys, type Storage } from "@/lib/storage";
import {
  ACCOUNTS_DELETED_PER_PASS,
  DELETION_ALREADY_SCHEDULED_MESSAGE,
  NO_DELETION_SCHEDULED_MESSAGE,
  NO_PASSWORD_TO_DELETE_MESSAGE,
} from "./account-deletion-limits";

// Leaving cleanly (docs/decisions/075): the owner asks, with their password (or a fresh Google
// sign-in); every session ends at once and the address is told how to cancel and how to take
// everything out first. After the grace, housekeeping deletes the person and everything of theirs.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * DELETE /api/myprofile: schedules the caller's deletion `graceDays` from now and signs them out
 * everywhere. A password account proves itself with its password (tries counted with the password
 * change's); a Google-only one with a session made by Google in the last RECENT_SIGN_IN_MINUTES;
 * either one with two-factor sign-in on also with a code (counted as two-factor codes are).
 */
export async function scheduleAccountDeletion({
  db,
  userId,
  sessionId,
  password,
  code,
  graceDays,
  appUrl,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  sessionId: string;
  password: string | undefined;
  code?: string | undefined;
  graceDays: number;
  appUrl: string;
  now?: Date;
}): Promise<{ deletionDueAt: Date; mail: MailMessage }> {
  const { rows } = await db.execute<{ scheduled: boolean; browserLanguage: Locale }>(
    sql`select deletion_due_at is not null as scheduled, browser_language as "browserLanguage" from users where id = ${userId}::uuid`,
  );
  if (rows[0]?.scheduled) throw new ConflictError(DELETION_ALREADY_SCHEDULED_MESSAGE);
  // The password, or a fresh Google sign-in; with two-factor sign-in on, a code too (docs/decisions/073, 096).
  const user = await confirmItIsYou({
    db,
    userId,
    sessionId,
    proof: { password, code },
    signInAgain: NO_PASSWORD_TO_DELETE_MESSAGE,
  });
  const deletionDueAt = new Date(now.getTime() + graceDays * DAY_MS);
  const scheduled = await db.transaction(async (tx) => {
    const { rows: set } = await tx.execute(sql`
      update users set deletion_due_at = ${deletionDueAt.toISOString()}::timestamptz, updated_at = now()
      where id = ${userId}::uuid and deletion_due_at is null returning 1`);
    if (!set.length) return false;
    await tx.execute(sql`delete from sessions where user_id = ${userId}::uuid`);
    // Their live streams end on every instance (docs/decisions/064).
    await tx.execute(sql`select pg_notify(${INBOX_CHANNEL}, ${userId}::text)`);
    return true;
  });
  // Two asks at once: the first one counts.
  if (!scheduled) throw new ConflictError(DELETION_ALREADY_SCHEDULED_MESSAGE);
  return {
    deletionDueAt,
    mail: deletionScheduledMail({
      locale: rows[0]?.browserLanguage ?? DEFAULT_LOCALE,
      to: user.email,
      name: user.name,
      username: user.username,
      appUrl,
      deletionDueAt,
    }),
  };
}

/** POST /api/myprofile/cancel-deletion: the account stays; a 409 when no deletion was asked for. */
export async function cancelAccountDeletion({ db, userId }: { db: Db; userId: string }): Promise<void> {
  const { rows } = await db.execute(sql`
    update users set deletion_due_at = null, updated_at = now()
    where id = ${userId}::uuid and deletion_due_at is not null returning 1`);
  if (!rows.length) throw new ConflictError(NO_DELETION_SCHEDULED_MESSAGE);
}

/** The notice of a scheduled deletion: when, how to cancel it, and how to take everything out first. */
export function deletionScheduledMail({
  locale,
  to,
  name,
  username,
  appUrl,
  deletionDueAt,
}: {
  locale: Locale;
  to: string;
  name: string;
  username: string;
  appUrl: string;
  deletionDueAt: Date;
}): MailMessage {
  const frame = mailFrame(locale);
  const t = mailWords(locale, "deletion");
  return noticeMail({
    frame,
    to,
    subject: t("subject"),
    name,
    paragraphs: [
      { text: t("what", { username, when: frame.dateTime(deletionDueAt) }) },
      { text: t("cancel"), link: { href: `${appUrl}/login`, label: t("cancelLink") } },
      { text: t("keep"), link: { href: `${appUrl}/me/data`, label: t("keepLink") } },
    ],
  });
}

/**
 * Housekeeping: deletes the accounts whose time has come, at most ACCOUNTS_DELETED_PER_PASS, each
 * in its own transaction. Every row of theirs goes with the user row (foreign keys cascade); the
 * hearts they gave are taken off their entries' counts first, and the people whose inbox loses a
 * line from them are told live. Their photos and pictures leave storage after the commit (a file
 * left by a crash in between is an orphan housekeeping removes, lib/maintenance/photos.ts).
 * Returns how many accounts went.
 */
export async function deleteDueAccounts({
  db,
  storage,
  now = new Date(),
}: {
  db: Db;
  storage: Storage;
  now?: Date;
}): Promise<number> {
  const { rows: due } = await db.execute<{ id: string }>(sql`
    select id from users where deletion_due_at <= ${now.toISOString()}::timestamptz
    order by deletion_due_at limit ${ACCOUNTS_DELETED_PER_PASS}`);
  let deleted = 0;
  for (const { id } of due) {
    const keys = await db.transaction(async (tx) => {
      // Another pass, or a cancel, got there first: leave it.
      const { rows: locked } = await tx.execute<{ profileImageKey: string | null }>(sql`
        select profile_image_key as "profileImageKey" from users
        where id = ${id}::uuid and deletion_due_at <= ${now.toISOString()}::timestamptz for update skip locked`);
      if (!locked.length) return null;
      const { rows: photos } = await tx.execute<{ key: string }>(
        // Its pages' photos, those only earlier versions and Recently deleted still show, and the
        // photos uploaded for a page and not saved yet (docs/decisions/133).
        sql`select image_key as key from journals where author_id = ${id}::uuid and image_key is not null
            union select unnest(inkwell_photo_keys(more_photos)) from journals where author_id = ${id}::uuid
            union select image_key from page_versions where author_id = ${id}::uuid and image_key is not null
            union select unnest(inkwell_photo_keys(more_photos)) from page_versions where author_id = ${id}::uuid
            union select key from photo_uploads where user_id = ${id}::uuid`,
      );
      await tx.execute(sql`
        update journals j set likes_count = j.likes_count - 1
        from likes l where l.journal_id = j.id and l.user_id = ${id}::uuid and j.author_id <> ${id}::uuid`);
      await tx.execute(sql`
        select pg_notify(${INBOX_CHANNEL}, user_id::text)
        from (select distinct user_id from notifications where actor_id = ${id}::uuid and user_id <> ${id}::uuid) told`);
      await tx.execute(sql`delete from users where id = ${id}::uuid`);
      return [...photos.map((p) => p.key), ...(locked[0]!.profileImageKey ? [locked[0]!.profileImageKey] : [])];
    });
    if (!keys) continue;
    deleted += 1;
    for (const key of keys) for (const file of photoFileKeys(key)) await storage.deleteObject({ key: file });
    // Pictures replaced earlier and not yet purged, their exports' ZIPs and the ZIPs of imports
    // still unread or not yet purged (docs/decisions/074, 078) live in folders of their own.
    for (const prefix of [`profiles/${id}/`, `exports/${id}/`, `imports/${id}/`]) {
      for await (const object of storage.listObjects({ prefix })) await storage.deleteObject({ key: object.key });
    }
  }
  return deleted;
}
