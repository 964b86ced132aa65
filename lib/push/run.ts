import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { HEART_PUSH_INTERVAL_MINUTES } from "./limits";
import { sendPush, type PushOptions, type PushPayload } from "./send";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { mailWords } from "@/lib/mail/words";

// The push job (docs/decisions/082): takes the notifications the outbox holds and pushes each to
// its person's devices, if they want that kind pushed. A pure function of (database, now), as the
// reminders' is: the job passes the time it runs. Taking a row deletes it, so however many
// instances run the job each notification is pushed once at most; one lost in a crash is not
// pushed (the inbox still has it).

/** Outbox rows one pass takes; they are pushed at once, each device's send bounded (./limits.ts). */
const BATCH = 20;

/** How long a push service keeps each kind for a device that is away, and how urgent it is; an older notification is not pushed at all. */
export const PUSH_OPTIONS: Record<PushPayload["kind"], PushOptions> = {
  "friend-request": { ttl: 24 * 60 * 60, urgency: "normal" },
  "friend-accepted": { ttl: 24 * 60 * 60, urgency: "normal" },
  heart: { ttl: 4 * 60 * 60, urgency: "low" },
  reply: { ttl: 24 * 60 * 60, urgency: "normal" },
  reminder: { ttl: 2 * 60 * 60, urgency: "normal" },
};

interface Row extends Record<string, unknown> {
  id: string;
  kind: "friend-request" | "friend-accepted" | "heart" | "reply";
  userId: string;
  journalId: string | null;
  actorName: string;
  /** The language of the person pushed to (docs/decisions/143). */
  locale: Locale;
  /** The notification is about an anonymous entry. */
  anonymousEntry: boolean;
  wanted: boolean;
  ageSeconds: number;
}

export interface PushRun {
  taken: number;
  pushed: number;
  sent: number;
  gone: number;
  failed: number;
}

/**
 * What a notification's push says, in the language of the person pushed to. A private reply on an
 * anonymous entry names nobody, in either direction, so its writer is never on a screen beside it
 * (docs/decisions/066, 082; its words have no place for a name in any language,
 * tests/unit/catalogues.test.ts); nothing else names an entry's writer, and nothing carries an
 * entry's words.
 */
export function payloadOf(
  row: Pick<Row, "kind" | "journalId" | "actorName" | "anonymousEntry"> & { locale?: Locale },
): PushPayload {
  const t = mailWords(row.locale ?? DEFAULT_LOCALE, "push");
  const name = row.actorName;
  switch (row.kind) {
    case "friend-request":
      return { kind: row.kind, title: t("friendRequest", { name }), url: "/notifications" };
    case "friend-accepted":
      return { kind: row.kind, title: t("friendAccepted", { name }), url: "/notifications" };
    case "heart":
      return { kind: row.kind, title: t("heart", { name }), url: "/notifications" };
    case "reply":
      return {
        kind: row.kind,
        title: row.anonymousEntry ? t("anonymousReply") : t("reply", { name }),
        url: `/replies/${row.journalId}`,
      };
  }
}

/** Claims the hour's heart push of an entry: true for the caller that may push, once per HEART_PUSH_INTERVAL_MINUTES. */
async function claimHeartPush({ db, journalId, now }: { db: Db; journalId: string; now: Date }): Promise<boolean> {
  const { rows } = await db.execute(sql`
    insert into push_heart_groups (journal_id, pushed_at) values (${journalId}::uuid, ${now.toISOString()}::timestamptz)
    on conflict (journal_id) do update set pushed_at = excluded.pushed_at
      where push_heart_groups.pushed_at <= excluded.pushed_at - make_interval(mins => ${HEART_PUSH_INTERVAL_MINUTES})
    returning journal_id`);
  return rows.length === 1;
}

async function takeBatch({ db, now }: { db: Db; now: Date }): Promise<Row[]> {
  const { rows } = await db.execute<Row>(sql`
    with taken as (
      delete from push_outbox where notification_id in (
        select notification_id from push_outbox order by created_at limit ${BATCH} for update skip locked)
      returning notification_id
    )
    select n.id, n.kind, n.user_id as "userId", n.journal_id as "journalId", a.name as "actorName",
      u.browser_language as locale,
      coalesce(j.is_anonymous, false) as "anonymousEntry",
      extract(epoch from (${now.toISOString()}::timestamptz - n.created_at))::int as "ageSeconds",
      -- A suspended person's doings reach nobody (docs/decisions/069); the person's own switch for the kind.
      a.suspended_at is null and exists (select 1 from push_subscriptions p where p.user_id = n.user_id) and case n.kind
        when 'friend-request' then coalesce(s.friend_request_push, true)
        when 'friend-accepted' then coalesce(s.friend_accepted_push, true)
        when 'heart' then coalesce(s.heart_push, true)
        else coalesce(s.reply_push, true) end as wanted
    from taken t
    join notifications n on n.id = t.notification_id
    join users a on a.id = n.actor_id
    join users u on u.id = n.user_id
    left join journals j on j.id = n.journal_id
    left join notification_settings s on s.user_id = n.user_id`);
  return rows;
}

/** Pushes every notification the outbox holds, batch after batch, until it is empty. */
export async function runQueuedPushes({ db, now }: { db: Db; now: Date }): Promise<PushRun> {
  const run: PushRun = { taken: 0, pushed: 0, sent: 0, gone: 0, failed: 0 };
  for (;;) {
    const batch = await takeBatch({ db, now });
    run.taken += batch.length;
    await Promise.all(
      batch.map(async (row) => {
        const options = PUSH_OPTIONS[row.kind];
        if (!row.wanted || Number(row.ageSeconds) > options.ttl) return;
        if (row.kind === "heart" && !(await claimHeartPush({ db, journalId: row.journalId!, now }))) return;
        const result = await sendPush({ db, userId: row.userId, payload: payloadOf(row), options });
        run.pushed++;
        run.sent += result.sent;
        run.gone += result.gone;
        run.failed += result.failed;
      }),
    );
    if (batch.length < BATCH) return run;
  }
}
