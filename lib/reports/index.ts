import "server-only";
import { sql } from "drizzle-orm";
import { sharedWith } from "@/lib/journals/shared-with";
import type { Db } from "@/lib/db/client";
import { ConflictError, NotFoundError, ValidationError, uniqueViolation } from "@/lib/errors";
import { escapeHtml } from "@/lib/mail/escape";
import type { MailMessage } from "@/lib/mail/transports";
import { consumeAttempt } from "@/lib/rate-limit";
import { hiddenBetween } from "@/lib/db/block-sql";
import type { ReportBody } from "@/lib/reports/schemas";
import {
  REPORT_EXISTS_MESSAGE,
  REPORT_NOT_FOUND_MESSAGE,
  REPORT_OWN_MESSAGE,
  REPORT_REASON_LABELS,
  REPORTS_PER_HOUR,
} from "./limits";

// Reports (docs/decisions/068): anyone who can see an entry, a private reply or a person may tell
// the operators about it. What they cannot see is the 404 of a thing that does not exist, so a
// report never confirms that a hidden entry or a thread exists. The answer says nothing else: not
// who wrote an anonymous entry, not whether others reported it.

type Target = { kind: "journal" | "reply" | "user"; id: string };

function targetOf(body: ReportBody): Target {
  if (body.journalId) return { kind: "journal", id: body.journalId };
  if (body.replyId) return { kind: "reply", id: body.replyId };
  return { kind: "user", id: body.userId! };
}

/** Whether `reporterId` may see the thing, and whether it is their own. */
async function judge({
  db,
  reporterId,
  target,
}: {
  db: Db;
  reporterId: string;
  target: Target;
}): Promise<{ visible: boolean; own: boolean }> {
  const me = sql`${reporterId}::uuid`;
  const query =
    target.kind === "journal"
      ? sql`select j.author_id = ${me} as own,
          (j.author_id = ${me} or ${sharedWith(me)}) as visible
        from journals j where j.id = ${target.id}::uuid`
      : target.kind === "reply"
        ? // A message of a thread the reporter is in: the reader's own thread, or a thread on their entry.
          sql`select (case when r.from_writer then j.author_id else r.reader_id end) = ${me} as own,
            (r.reader_id = ${me} or j.author_id = ${me}) as visible
          from replies r join journals j on j.id = r.journal_id where r.id = ${target.id}::uuid`
        : sql`select u.id = ${me} as own, not ${hiddenBetween(me, sql`u.id`)} as visible from users u where u.id = ${target.id}::uuid`;
  const { rows } = await db.execute<{ own: boolean; visible: boolean }>(query);
  return { visible: !!rows[0]?.visible, own: !!rows[0]?.own };
}

/**
 * POST /api/reports: one open report per reporter and thing (409 for a second), 20 an hour. Returns
 * the operators' addresses to tell (verified accounts whose email is in ADMIN_EMAILS).
 */
export async function createReport({
  db,
  reporterId,
  body,
  adminEmails,
}: {
  db: Db;
  reporterId: string;
  body: ReportBody;
  adminEmails: readonly string[];
}): Promise<{ notify: string[] }> {
  const target = targetOf(body);
  const { visible, own } = await judge({ db, reporterId, target });
  if (!visible) throw new NotFoundError(REPORT_NOT_FOUND_MESSAGE);
  if (own) throw new ValidationError(REPORT_OWN_MESSAGE);
  await consumeAttempt({ db, limit: { key: `reports:${reporterId}`, max: REPORTS_PER_HOUR, windowSeconds: 60 * 60 } });
  try {
    await db.execute(sql`
      insert into reports (reporter_id, journal_id, reply_id, reported_user_id, reason, note)
      values (${reporterId}::uuid, ${target.kind === "journal" ? target.id : null}::uuid, ${target.kind === "reply" ? target.id : null}::uuid,
        ${target.kind === "user" ? target.id : null}::uuid, ${body.reason}, ${body.note || null})`);
  } catch (err) {
    if (uniqueViolation(err) === "reports_one_open") throw new ConflictError(REPORT_EXISTS_MESSAGE);
    throw err;
  }
  if (!adminEmails.length) return { notify: [] };
  const { rows } = await db.execute<{ email: string }>(sql`
    select email from users where lower(email) in (${sql.join(
      adminEmails.map((e) => sql`${e}`),
      sql`, `,
    )}) and email_verified_at is not null`);
  return { notify: rows.map((r) => r.email) };
}

/** The operators' mail of a new report: what kind of thing and why, never its content or who is involved. */
export function newReportMail({
  to,
  kind,
  reason,
  appUrl,
}: {
  to: string;
  kind: "journal" | "reply" | "user";
  reason: ReportBody["reason"];
  appUrl: string;
}): MailMessage {
  const what = kind === "journal" ? "an entry" : kind === "reply" ? "a private reply" : "a person";
  const why = REPORT_REASON_LABELS[reason];
  const link = `${appUrl}/admin`;
  return {
    to,
    subject: "A new report on Inkwell",
    text: [`Someone reported ${what}: ${why}.`, "", `Review the open reports: ${link}`, "", "Inkwell"].join("\n"),
    html: `<!doctype html>
<html lang="en">
<body style="font-family: Georgia, serif; color: #2b2118; line-height: 1.5;">
  <p>Someone reported ${escapeHtml(what)}: ${escapeHtml(why)}.</p>
  <p><a href="${escapeHtml(link)}" style="color: #9a3412;">Review the open reports</a></p>
  <p>Inkwell</p>
</body>
</html>`,
  };
}

export { targetOf };
