import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { sharedWith } from "@/lib/journals/shared-with";
import type { Db } from "@/lib/db/client";
import { NotFoundError, ValidationError } from "@/lib/errors";
import { parseId } from "@/lib/ids";
import type { HeartPage, Notification, NotificationActor, NotificationPage } from "@/lib/contract/notifications";
import { SUSPENDED_IDS, hiddenFrom } from "@/lib/db/block-sql";
import { actorsById } from "@/lib/users/actors";
import { isTimestampText } from "@/lib/validation/journal-limits";
import { HEARTS_PAGE_SIZE_DOC, NOTIFICATIONS_PAGE_SIZE_DOC } from "./limits";
import { inboxChanged } from "@/lib/db/channels";
import { INVALID_CURSOR } from "@/lib/validation/feed-limits";
import { JOURNAL_NOT_FOUND } from "@/lib/journals/messages";

// The activity inbox (docs/decisions/063). Rows are written by the statements that make what they
// tell (lib/likes/hearts.ts, lib/friends/requests.ts) and go with it; here they are read, a day's
// hearts on one entry as one notification, and marked read.

export const NOTIFICATIONS_PAGE_SIZE = NOTIFICATIONS_PAGE_SIZE_DOC;
export const HEARTS_PAGE_SIZE = HEARTS_PAGE_SIZE_DOC;
/** How many of a grouped notification's people it names. */
const ACTORS_SHOWN = 3;

/** A notification's key: the row's id, or for hearts the entry and the UTC day they were given on. */
const groupKey = sql`case when n.kind = 'heart' then n.journal_id::text || '_' || (n.created_at at time zone 'UTC')::date::text else n.id::text end`;

/**
 * The rows the caller may be shown: none from a suspended person (decision 069); hearts only while
 * their entry is still shared (a private entry's hearts leave the inbox); a reply to its writer
 * always, to a reader only while they may still read the entry (decision 066).
 */
function shownTo(userId: string): SQL {
  return sql`n.user_id = ${userId}::uuid and n.actor_id not in (${SUSPENDED_IDS}) and (n.kind not in ('heart', 'reply')
    or (n.kind = 'heart' and exists (select 1 from journals j where j.id = n.journal_id and j.visibility = 'close-circle'))
    or (n.kind = 'reply' and exists (select 1 from journals j where j.id = n.journal_id and (j.author_id = n.user_id
      or ${sharedWith(sql`n.user_id`)}))))`;
}

/** The statements that write the inbox, for the statements that make what it tells. Each returns the `user_id` whose inbox changed, for ./live.ts (a new row its `id` too, for the push outbox: lib/push/run.ts). */
export const inbox = {
  /** Tells the author of each entry in `journalIds` (a subquery) that `actorId` hearted it; not their own heart. */
  heartGiven: (journalIds: SQL, actorId: string) =>
    sql`insert into notifications (user_id, kind, actor_id, journal_id)
      select j.author_id, 'heart', ${actorId}::uuid, j.id from journals j where j.id in (${journalIds}) and j.author_id <> ${actorId}::uuid
      on conflict (journal_id, actor_id) where kind = 'heart' do nothing
      returning id, user_id`,
  /** A heart taken back is no longer news: its notification goes, read or not. */
  heartTakenBack: (journalIds: SQL, actorId: string) =>
    sql`delete from notifications where kind = 'heart' and journal_id in (${journalIds}) and actor_id = ${actorId}::uuid returning user_id`,
};

interface GroupRow extends Record<string, unknown> {
  key: string;
  kind: Notification["kind"];
  journalId: string | null;
  journalTitle: string | null;
  journalDate: string | null;
  requestId: string | null;
  requestStatus: Notification["requestStatus"];
  at: Date;
  atText: string;
  actorIds: string[];
  actorCount: number;
  readAt: Date | null;
}

function encodeCursor(atText: string, key: string): string {
  return Buffer.from(`${atText}|${key}`, "utf8").toString("base64url");
}

function decodeCursor(cursor: string): { at: string; key: string } {
  const m = /^[A-Za-z0-9_-]{1,128}$/.test(cursor)
    ? /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?)\|([0-9a-f-]{36}(?:_\d{4}-\d{2}-\d{2})?)$/.exec(
        Buffer.from(cursor, "base64url").toString("utf8"),
      )
    : null;
  if (!m || !isTimestampText(m[1]!))
    throw new ValidationError(INVALID_CURSOR, [{ path: "cursor", message: INVALID_CURSOR }]);
  return { at: m[1]!, key: m[2]! };
}

/** The caller's unread notifications, a day's hearts on one entry counted once. */
export async function countUnread({ db, userId }: { db: Db; userId: string }): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(sql`
    select count(distinct ${groupKey})::int as count from notifications n where ${shownTo(userId)} and n.read_at is null`);
  return Number(rows[0]?.count ?? 0);
}

/** GET /api/notifications: a page of the caller's inbox, newest first, and their unread count. */
export async function listNotifications({
  db,
  userId,
  cursor,
}: {
  db: Db;
  userId: string;
  cursor?: string;
}): Promise<NotificationPage> {
  const after = cursor ? decodeCursor(cursor) : undefined;
  const { rows } = await db.execute<GroupRow>(sql`
    with grouped as (
      select ${groupKey} as key, n.kind, n.journal_id, (array_agg(n.request_id))[1] as request_id,
        max(n.created_at) as at,
        (array_agg(n.actor_id order by n.created_at desc, n.actor_id))[1:${ACTORS_SHOWN}] as actor_ids,
        count(*)::int as actor_count,
        case when bool_and(n.read_at is not null) then max(n.read_at) end as read_at
      from notifications n
      where ${shownTo(userId)}
      group by 1, n.kind, n.journal_id
    )
    select g.key, g.kind, g.journal_id as "journalId", j.title as "journalTitle", j.journal_date::text as "journalDate", g.request_id as "requestId", r.status as "requestStatus",
      g.at, (g.at at time zone 'UTC')::text as "atText", g.actor_count as "actorCount", g.read_at as "readAt",
      -- The writer of an anonymous entry answering a reader is never named to them (decision 066).
      case when g.kind = 'reply' and j.is_anonymous and j.author_id = any(g.actor_ids) then '{}'::uuid[] else g.actor_ids end as "actorIds"
    from grouped g
    left join journals j on j.id = g.journal_id
    left join friend_requests r on r.id = g.request_id
    ${after ? sql`where (g.at, g.key) < (${after.at}::timestamp at time zone 'UTC', ${after.key}::text)` : sql``}
    order by g.at desc, g.key desc
    limit ${NOTIFICATIONS_PAGE_SIZE + 1}`);
  const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  const people = await actorsById({ db, ids: page.flatMap((r) => r.actorIds), viewerId: userId });
  const data = page.flatMap((r): Notification[] => {
    const actors = r.actorIds.map((id) => people.get(id)).filter((a): a is NotificationActor => !!a);
    const writerHidden = r.kind === "reply" && !r.actorIds.length;
    if (!actors.length && !writerHidden) return [];
    return [
      {
        id: r.key,
        kind: r.kind,
        actor: actors[0] ?? null,
        actors,
        actorCount: Number(r.actorCount),
        journalId: r.journalId,
        journalTitle: r.journalTitle,
        journalDate: r.journalDate,
        requestId: r.requestId,
        requestStatus: r.requestStatus,
        createdAt: new Date(r.at).toISOString(),
        readAt: r.readAt ? new Date(r.readAt).toISOString() : null,
      },
    ];
  });
  const last = page[page.length - 1];
  return {
    data,
    unreadCount: await countUnread({ db, userId }),
    nextCursor: rows.length > NOTIFICATIONS_PAGE_SIZE && last ? encodeCursor(last.atText, last.key) : null,
  };
}

/** POST /api/notifications/read: marks the caller's `ids` (unknown or others' ids change nothing), or all of them, read. */
export async function markNotificationsRead({
  db,
  userId,
  ids,
  all,
}: {
  db: Db;
  userId: string;
  ids?: string[];
  all?: boolean;
}): Promise<{ unreadCount: number }> {
  if (all) {
    await db.execute(sql`update notifications set read_at = now() where user_id = ${userId}::uuid and read_at is null`);
  } else if (ids?.length) {
    const rowIds = ids.filter((id) => !id.includes("_"));
    const groups = ids.filter((id) => id.includes("_"));
    await db.execute(sql`
      update notifications n set read_at = now()
      where n.user_id = ${userId}::uuid and n.read_at is null
        and (n.id = any(${`{${rowIds.join(",")}}`}::uuid[]) or (n.kind = 'heart' and ${groupKey} = any(${`{${groups.join(",")}}`}::text[])))`);
  }
  // The person's other tabs and devices update their badge.
  await db.execute(inboxChanged(userId));
  return { unreadCount: await countUnread({ db, userId }) };
}

/** Marks read what told `userId` about a friend request they have now answered. */
export function requestAnswered(requestId: SQL | string, userId: SQL | string): SQL {
  return sql`update notifications set read_at = now() where request_id = ${requestId}::uuid and user_id = ${userId}::uuid and read_at is null`;
}

/** GET /api/journals/{id}/hearts: who hearted the caller's own entry, newest first; 404 for anyone else's. */
export async function listHearts({
  db,
  userId,
  id: rawId,
  cursor,
}: {
  db: Db;
  userId: string;
  id: string;
  cursor?: string;
}): Promise<HeartPage> {
  const id = parseId({ value: rawId, message: JOURNAL_NOT_FOUND });
  const after = cursor ? decodeHeartCursor(cursor) : undefined;
  const { rows: own } = await db.execute<{ id: string }>(
    sql`select id from journals where id = ${id}::uuid and author_id = ${userId}::uuid`,
  );
  if (!own.length) throw new NotFoundError(JOURNAL_NOT_FOUND);
  const { rows } = await db.execute<{ userId: string; at: Date; atText: string }>(sql`
    select l.user_id as "userId", l.created_at as at, (l.created_at at time zone 'UTC')::text as "atText"
    from likes l where l.journal_id = ${id}::uuid
      and l.user_id not in (${hiddenFrom(userId)})
    ${after ? sql`and (l.created_at, l.user_id) < (${after.at}::timestamp at time zone 'UTC', ${after.key}::uuid)` : sql``}
    order by l.created_at desc, l.user_id desc
    limit ${HEARTS_PAGE_SIZE + 1}`);
  const page = rows.slice(0, HEARTS_PAGE_SIZE);
  const people = await actorsById({ db, ids: page.map((r) => r.userId), viewerId: userId });
  const last = page[page.length - 1];
  return {
    data: page.flatMap((r) => {
      const user = people.get(r.userId);
      return user ? [{ user, createdAt: new Date(r.at).toISOString() }] : [];
    }),
    nextCursor: rows.length > HEARTS_PAGE_SIZE && last ? encodeCursor(last.atText, last.userId) : null,
  };
}

function decodeHeartCursor(cursor: string): { at: string; key: string } {
  const c = decodeCursor(cursor);
  if (c.key.includes("_")) throw new ValidationError(INVALID_CURSOR, [{ path: "cursor", message: INVALID_CURSOR }]);
  return c;
}
