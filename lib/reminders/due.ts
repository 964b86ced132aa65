import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { logError } from "@/lib/log";
import type { MailMessage } from "@/lib/mail/transports";
import { PUSH_OPTIONS } from "@/lib/push/run";
import { sendPush } from "@/lib/push/send";
import type { Locale } from "@/lib/i18n/locales";
import { localTimeIn, type LocalTime } from "./local-time";
import { reminderMail, reminderSubject } from "./mail";

// Which writers are due a reminder at an instant, and sending each one mail (docs/decisions/061).
// A pure function of (database, now): the job passes the time it runs, the tests a fixed one.
//
// Due at `now`: the reminder is on, and goes by mail to a verified address or by push to a device
// (docs/decisions/082: the person's channels, mail alone unless they chose otherwise); in the writer's zone the local minute has
// reached the reminder's and is at most LATE_CAP_MINUTES past it; today's local weekday is one of
// theirs; nothing was sent for this local day; and they have no entry for it. "Reached", not
// "equals": a 02:30 reminder on the night the clocks skip 02:00–03:00 goes at 03:00; on the night
// 02:30 comes twice, the second time finds the day already sent.

/** A reminder is never sent more than this long after its time (after downtime it is skipped). */
export const LATE_CAP_MINUTES = 120;
/** Writers read per query; the run goes on, batch after batch, keyed on the user id. */
export const DUE_BATCH = 200;

export interface DueReminder {
  userId: string;
  email: string;
  name: string;
  /** The language of the person's mails and pushes (docs/decisions/143). */
  locale: Locale;
  /** The local day the mail is for. */
  day: string;
  weekday: number;
  /** last_sent_day before this one: put back if the mail cannot be sent, so the next run tries again. */
  lastSentDay: string | null;
  /** By mail (chosen, and the address verified), by push (chosen, and a device turned on), or both. */
  mail: boolean;
  push: boolean;
}

/** Each zone that an enabled reminder names, with its local time at `now`; a zone Intl no longer knows is left out. */
async function zonesNow(db: Db, now: Date): Promise<(LocalTime & { zone: string })[]> {
  const { rows } = await db.execute<{ zone: string }>(
    sql`select distinct time_zone as zone from reminder_settings where enabled`,
  );
  return rows.flatMap(({ zone }) => {
    try {
      return [{ zone, ...localTimeIn(zone, now) }];
    } catch {
      return [];
    }
  });
}

/** The writers due at `now`, in user-id order after `after`, at most `limit` of them. */
export async function findDueReminders({
  db,
  now,
  after = null,
  limit = DUE_BATCH,
}: {
  db: Db;
  now: Date;
  after?: string | null;
  limit?: number;
}): Promise<DueReminder[]> {
  const zones = await zonesNow(db, now);
  if (!zones.length) return [];
  const values = sql.join(
    zones.map((z) => sql`(${z.zone}::text, ${z.day}::date, ${z.minute}::int, ${z.weekday}::int)`),
    sql`, `,
  );
  // The partial index on enabled reminders, then one probe of journals' unique (author, day) index each.
  const { rows } = await db.execute<{
    user_id: string;
    email: string;
    name: string;
    locale: Locale;
    day: string;
    weekday: number;
    last_sent_day: string | null;
    mail: boolean;
    push: boolean;
  }>(sql`
    with zones(zone, day, minute, weekday) as (values ${values}),
    due as (
    select r.user_id, u.email, u.name, u.browser_language as locale, z.day::text as day, z.weekday, r.last_sent_day::text as last_sent_day,
      coalesce(ns.reminder_email, true) and u.email_verified_at is not null as mail,
      coalesce(ns.reminder_push, false) and exists (select 1 from push_subscriptions p where p.user_id = r.user_id) as push
    from reminder_settings r
    join zones z on z.zone = r.time_zone
    join users u on u.id = r.user_id
    left join notification_settings ns on ns.user_id = r.user_id
    where r.enabled
      and (${after}::uuid is null or r.user_id > ${after}::uuid)
      and r.minute_of_day <= z.minute
      and z.minute - r.minute_of_day <= ${LATE_CAP_MINUTES}
      and r.weekdays & (1 << (z.weekday - 1)) <> 0
      and (r.last_sent_day is null or r.last_sent_day < z.day)
      and not exists (select 1 from journals j where j.author_id = r.user_id and j.journal_date = z.day)
    )
    select * from due where mail or push
    order by user_id
    limit ${limit}`);
  return rows.map((r) => ({
    userId: r.user_id,
    email: r.email,
    name: r.name,
    locale: r.locale,
    day: r.day,
    weekday: Number(r.weekday),
    lastSentDay: r.last_sent_day,
    mail: r.mail,
    push: r.push,
  }));
}

/**
 * Claims `day` for the writer: one UPDATE that only one caller can win, on any instance. True for
 * the winner, who alone sends.
 */
export async function claimReminder({ db, userId, day }: { db: Db; userId: string; day: string }): Promise<boolean> {
  const { rows } = await db.execute(sql`
    update reminder_settings set last_sent_day = ${day}::date
    where user_id = ${userId} and enabled and (last_sent_day is null or last_sent_day < ${day}::date)
    returning user_id`);
  return rows.length === 1;
}

/** Gives the day back after a failed send, unless something else has changed it since. */
async function releaseReminder({
  db,
  userId,
  day,
  lastSentDay,
}: {
  db: Db;
  userId: string;
  day: string;
  lastSentDay: string | null;
}) {
  await db.execute(
    sql`update reminder_settings set last_sent_day = ${lastSentDay}::date where user_id = ${userId} and last_sent_day = ${day}::date`,
  );
}

/** The reminder's push (docs/decisions/082): the same words as the mail's subject, and today's page. */
async function pushReminder({ db, due }: { db: Db; due: DueReminder }) {
  await sendPush({
    db,
    userId: due.userId,
    payload: { kind: "reminder", title: reminderSubject(due), url: "/my-diary" },
    options: PUSH_OPTIONS.reminder,
  });
}

export interface ReminderRun {
  due: number;
  sent: number;
  failed: number;
}

/**
 * Finds every writer due at `now` and sends each one reminder, claiming it first; a writer another
 * caller claimed is skipped. Safe to run at the same instant on any number of instances.
 */
export async function sendDueReminders({
  db,
  now,
  send,
  appUrl,
}: {
  db: Db;
  now: Date;
  send: (message: MailMessage) => Promise<void>;
  appUrl: string;
}): Promise<ReminderRun> {
  const run: ReminderRun = { due: 0, sent: 0, failed: 0 };
  let after: string | null = null;
  for (;;) {
    const batch = await findDueReminders({ db, now, after });
    run.due += batch.length;
    for (const due of batch) {
      if (!(await claimReminder({ db, userId: due.userId, day: due.day }))) continue;
      try {
        // The push first: it never fails the claim (a device away is the push service's to wait for).
        if (due.push) await pushReminder({ db, due });
        if (due.mail) await send(await reminderMail({ db, appUrl, due }));
        run.sent++;
      } catch (err) {
        run.failed++;
        logError("reminders", "A reminder could not be sent", err);
        await releaseReminder({ db, ...due });
      }
    }
    if (batch.length < DUE_BATCH) return run;
    after = batch.at(-1)!.userId;
  }
}
