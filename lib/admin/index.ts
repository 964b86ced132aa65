import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { mailFrame, mailWords } from "@/lib/mail/words";
import { sql } from "drizzle-orm";
import type { AdminPage, AdminReport } from "@/lib/contract/admin";
import type { SessionUser } from "@/lib/auth/sessions";
import type { Db } from "@/lib/db/client";
import { ConflictError, NotFoundError, NOT_FOUND } from "@/lib/errors";
import { parseId } from "@/lib/ids";
import { deleteJournal } from "@/lib/journals";
import { escapeHtml } from "@/lib/mail/escape";
import type { MailMessage } from "@/lib/mail/transports";
import { INBOX_CHANNEL } from "@/lib/db/channels";
import type { Storage } from "@/lib/storage";
import {
  ADMIN_ACTIONS_SHOWN,
  ADMIN_REPORTS_MAX,
  ALREADY_SUSPENDED_MESSAGE,
  NOT_SUSPENDED_MESSAGE,
  REPORT_CLOSED_MESSAGE,
} from "./limits";

/** A report about a person is closed by suspending them, not by removing anything. */
export const PERSON_NOT_REMOVED_MESSAGE = "A person is suspended, not removed";
export const SUSPEND_SELF_MESSAGE = "Operators cannot suspend themselves";

// The operators (docs/decisions/069): accounts whose verified email is in ADMIN_EMAILS. They see
// the open reports with only what was reported, and act on them; every action is a row of the
// append-only `moderation_actions`. They have no other power: nothing here reads an entry, a
// reply or a person that was not reported.

/** Whether `user` is an operator: a verified email in ADMIN_EMAILS. */
export function isOperator(
  user: Pick<SessionUser, "email" | "emailVerifiedAt">,
  adminEmails: readonly string[],
): boolean {
  return user.emailVerifiedAt !== null && adminEmails.includes(user.email.toLowerCase());
}

/** Throws the 404 anyone who is not an operator gets for /api/admin: the page is not there for them. */
export function requireOperator(
  user: Pick<SessionUser, "email" | "emailVerifiedAt">,
  adminEmails: readonly string[],
): void {
  if (!isOperator(user, adminEmails)) throw new NotFoundError(NOT_FOUND);
}

interface ReportRow extends Record<string, unknown> {
  id: string;
  reason: AdminReport["reason"];
  note: string | null;
  createdAt: Date;
  reporterId: string;
  reporterName: string;
  reporterUsername: string;
  journalId: string | null;
  journalTitle: string | null;
  journalContent: string | null;
  journalDate: string | null;
  journalAnonymous: boolean | null;
  replyId: string | null;
  replyText: string | null;
  subjectId: string;
  subjectName: string;
  subjectUsername: string;
  subjectBio: string;
  subjectSuspended: boolean;
  reports: number;
}

/** GET /api/admin/reports: the open reports, oldest first, each with what was reported and whose it is; and the latest actions. */
export async function adminPage({ db }: { db: Db }): Promise<AdminPage> {
  const { rows } = await db.execute<ReportRow>(sql`
    select r.id, r.reason, r.note, r.created_at as "createdAt",
      rep.id as "reporterId", rep.name as "reporterName", rep.username as "reporterUsername",
      j.id as "journalId", j.title as "journalTitle", j.content as "journalContent", j.journal_date::text as "journalDate", j.is_anonymous as "journalAnonymous",
      rp.id as "replyId", rp.text as "replyText",
      s.id as "subjectId", s.name as "subjectName", s.username as "subjectUsername", s.bio as "subjectBio", s.suspended_at is not null as "subjectSuspended",
      (select count(*)::int from reports o where o.status = 'open'
        and coalesce(o.journal_id, o.reply_id, o.reported_user_id) = coalesce(r.journal_id, r.reply_id, r.reported_user_id)) as reports
    from reports r
      join users rep on rep.id = r.reporter_id
      left join journals j on j.id = r.journal_id
      left join replies rp on rp.id = r.reply_id
      left join journals rj on rj.id = rp.journal_id
      join users s on s.id = coalesce(j.author_id, case when rp.from_writer then rj.author_id else rp.reader_id end, r.reported_user_id)
    where r.status = 'open'
    order by r.created_at, r.id
    limit ${ADMIN_REPORTS_MAX}`);
  const { rows: actions } = await db.execute<{
    id: string;
    action: AdminPage["actions"][number]["action"];
    note: string | null;
    createdAt: Date;
    operator: string | null;
    target: string | null;
  }>(sql`
    select a.id, a.action, a.note, a.created_at as "createdAt", o.username as operator, t.username as target
    from moderation_actions a left join users o on o.id = a.operator_id left join users t on t.id = a.target_user_id
    order by a.created_at desc, a.id desc limit ${ADMIN_ACTIONS_SHOWN}`);
  return {
    reports: rows.map((r) => ({
      id: r.id,
      reason: r.reason,
      note: r.note,
      createdAt: new Date(r.createdAt).toISOString(),
      reportsOfThis: Number(r.reports),
      reporter: { id: r.reporterId, name: r.reporterName, username: r.reporterUsername },
      subject: { id: r.subjectId, name: r.subjectName, username: r.subjectUsername, suspended: r.subjectSuspended },
      target: r.journalId
        ? {
            kind: "journal",
            id: r.journalId,
            title: r.journalTitle!,
            text: r.journalContent!,
            journalDate: r.journalDate!,
            isAnonymous: !!r.journalAnonymous,
          }
        : r.replyId
          ? { kind: "reply", id: r.replyId, title: null, text: r.replyText!, journalDate: null, isAnonymous: false }
          : {
              kind: "user",
              id: r.subjectId,
              title: r.subjectName,
              text: r.subjectBio,
              journalDate: null,
              isAnonymous: false,
            },
    })),
    actions: actions.map((a) => ({
      id: a.id,
      action: a.action,
      note: a.note,
      createdAt: new Date(a.createdAt).toISOString(),
      operator: a.operator,
      target: a.target,
    })),
  };
}

async function openReport(db: Db, rawId: string) {
  const id = parseId({ value: rawId, message: NOT_FOUND });
  const { rows } = await db.execute<
    {
      id: string;
      status: string;
      journalId: string | null;
      replyId: string | null;
      userId: string | null;
      authorId: string | null;
      replySender: string | null;
      title: string | null;
    } & Record<string, unknown>
  >(sql`
    select r.id, r.status, r.journal_id as "journalId", r.reply_id as "replyId", r.reported_user_id as "userId",
      j.author_id as "authorId", j.title, case when rp.from_writer then rj.author_id else rp.reader_id end as "replySender"
    from reports r left join journals j on j.id = r.journal_id left join replies rp on rp.id = r.reply_id left join journals rj on rj.id = rp.journal_id
    where r.id = ${id}::uuid`);
  const row = rows[0];
  if (!row) throw new NotFoundError(NOT_FOUND);
  if (row.status !== "open") throw new ConflictError(REPORT_CLOSED_MESSAGE);
  return row;
}

function record(
  db: Db,
  a: {
    operatorId: string;
    action: "dismiss" | "remove" | "suspend" | "unsuspend";
    reportId?: string | null;
    targetUserId?: string | null;
    journalId?: string | null;
    replyId?: string | null;
    note?: string;
  },
) {
  return db.execute(sql`
    insert into moderation_actions (operator_id, action, report_id, target_user_id, journal_id, reply_id, note)
    values (${a.operatorId}::uuid, ${a.action}, ${a.reportId ?? null}::uuid, ${a.targetUserId ?? null}::uuid, ${a.journalId ?? null}::uuid, ${a.replyId ?? null}::uuid, ${a.note ?? null})`);
}

/** POST /api/admin/reports/{id}/dismiss: the report is closed with nothing done. */
export async function dismissReport({
  db,
  operatorId,
  id,
  note,
}: {
  db: Db;
  operatorId: string;
  id: string;
  note?: string;
}) {
  const report = await openReport(db, id);
  await db.execute(sql`update reports set status = 'dismissed', resolved_at = now() where id = ${report.id}::uuid`);
  await record(db, { operatorId, action: "dismiss", reportId: report.id, note });
}

/**
 * A mail telling a person what the operators did and why, in the person's language (docs/decisions/143);
 * the operators' note is theirs, as they wrote it.
 */
export function moderationMail({
  locale,
  to,
  name,
  what,
  note,
}: {
  locale: Locale;
  to: string;
  name: string;
  what: string;
  note: string;
}): MailMessage {
  const frame = mailFrame(locale);
  const t = mailWords(locale, "moderation");
  return {
    to,
    subject: t("subject"),
    text: [frame.greeting(name), "", what, "", t("why", { note }), "", t("appeal"), "", frame.signature].join("\n"),
    html: `<!doctype html>
<html lang="${frame.lang}" dir="${frame.dir}">
<body style="font-family: Georgia, serif; color: #2b2118; line-height: 1.5;">
  <p>${escapeHtml(frame.greeting(name))}</p>
  <p>${escapeHtml(what)}</p>
  <p>${escapeHtml(t("why", { note }))}</p>
  <p>${escapeHtml(t("appeal"))}</p>
  <p>${escapeHtml(frame.signature)}</p>
</body>
</html>`,
  };
}

async function personOf(db: Db, id: string): Promise<{ email: string; name: string; locale: Locale }> {
  const { rows } = await db.execute<{ email: string; name: string; locale: Locale }>(
    sql`select email, name, browser_language as locale from users where id = ${id}::uuid`,
  );
  return rows[0]!;
}

/**
 * POST /api/admin/reports/{id}/remove: the reported entry or reply is deleted (the entry's photo
 * too) and its writer is told why; a reported person cannot be removed, only suspended.
 */
export async function removeReported({
  db,
  storage,
  operatorId,
  id,
  note,
}: {
  db: Db;
  storage: Storage;
  operatorId: string;
  id: string;
  note: string;
}): Promise<MailMessage> {
  const report = await openReport(db, id);
  if (report.userId) throw new ConflictError(PERSON_NOT_REMOVED_MESSAGE);
  const authorId = (report.journalId ? report.authorId : report.replySender)!;
  // The record first: the report goes with what it is about (cascade).
  await record(db, {
    operatorId,
    action: "remove",
    reportId: report.id,
    targetUserId: authorId,
    journalId: report.journalId,
    replyId: report.replyId,
    note,
  });
  if (report.journalId) await deleteJournal({ db, storage, authorId, id: report.journalId });
  else await db.execute(sql`delete from replies where id = ${report.replyId}::uuid`);
  const person = await personOf(db, authorId);
  const t = mailWords(person.locale, "moderation");
  const what = report.journalId ? t("entryRemoved", { title: report.title ?? "" }) : t("replyRemoved");
  return moderationMail({ locale: person.locale, to: person.email, name: person.name, what, note });
}

/** POST /api/admin/users/{id}/suspend: no session, no sign-in, nothing of theirs shown; their open reports are closed as acted on. */
export async function suspendUser({
  db,
  operatorId,
  userId: rawId,
  note,
}: {
  db: Db;
  operatorId: string;
  userId: string;
  note: string;
}): Promise<MailMessage> {
  const userId = parseId({ value: rawId, message: NOT_FOUND });
  if (userId === operatorId) throw new ConflictError(SUSPEND_SELF_MESSAGE);
  const { rows } = await db.execute<{ suspended: boolean }>(
    sql`select suspended_at is not null as suspended from users where id = ${userId}::uuid`,
  );
  if (!rows[0]) throw new NotFoundError(NOT_FOUND);
  if (rows[0].suspended) throw new ConflictError(ALREADY_SUSPENDED_MESSAGE);
  await db.transaction(async (tx) => {
    await tx.execute(sql`update users set suspended_at = now() where id = ${userId}::uuid`);
    // Every session goes, and the person's live streams end at once (docs/decisions/064).
    await tx.execute(sql`delete from sessions where user_id = ${userId}::uuid`);
    await tx.execute(sql`select pg_notify(${INBOX_CHANNEL}, ${userId}::text)`);
    await tx.execute(sql`
      update reports r set status = 'actioned', resolved_at = now() where r.status = 'open' and (r.reported_user_id = ${userId}::uuid
        or r.journal_id in (select id from journals where author_id = ${userId}::uuid)
        or r.reply_id in (select rp.id from replies rp join journals j on j.id = rp.journal_id
          where (rp.from_writer and j.author_id = ${userId}::uuid) or (not rp.from_writer and rp.reader_id = ${userId}::uuid)))`);
    await record(tx as unknown as Db, { operatorId, action: "suspend", targetUserId: userId, note });
  });
  const person = await personOf(db, userId);
  return moderationMail({
    locale: person.locale,
    to: person.email,
    name: person.name,
    what: mailWords(person.locale, "moderation")("suspended"),
    note,
  });
}

/** POST /api/admin/users/{id}/unsuspend: the account may sign in again and is shown again. */
export async function unsuspendUser({
  db,
  operatorId,
  userId: rawId,
  note,
}: {
  db: Db;
  operatorId: string;
  userId: string;
  note?: string;
}) {
  const userId = parseId({ value: rawId, message: NOT_FOUND });
  const { rows } = await db.execute(
    sql`update users set suspended_at = null where id = ${userId}::uuid and suspended_at is not null returning 1`,
  );
  if (!rows.length) {
    const exists = await db.execute(sql`select 1 from users where id = ${userId}::uuid`);
    throw exists.rows.length ? new ConflictError(NOT_SUSPENDED_MESSAGE) : new NotFoundError(NOT_FOUND);
  }
  await record(db, { operatorId, action: "unsuspend", targetUserId: userId, note });
}
