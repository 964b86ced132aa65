import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { sharedWith } from "@/lib/journals/shared-with";
import type { RepliesPage, ReplyMessage } from "@/lib/contract/replies";
import type { Db } from "@/lib/db/client";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/errors";
import { parseId } from "@/lib/ids";
import { actorsById } from "@/lib/users/actors";
import { inboxChanged } from "@/lib/db/channels";
import { PUSH_QUEUE, wakeJobs } from "@/lib/jobs/running";
import { consumeAttempt } from "@/lib/rate-limit";
import { hiddenFrom } from "@/lib/db/block-sql";
import { isTimestampText } from "@/lib/validation/journal-limits";
import {
  REPLIES_PER_HOUR,
  REPLIES_PER_THREAD_MAX,
  REPLY_NOT_FOUND_MESSAGE,
  REPLY_THREADS_PAGE_SIZE,
  THREAD_FULL_MESSAGE,
  THREAD_NOT_FOUND_MESSAGE,
  THREAD_WITH_REQUIRED_MESSAGE,
} from "./limits";
import { INVALID_CURSOR } from "@/lib/validation/feed-limits";
import { JOURNAL_NOT_FOUND } from "@/lib/journals/messages";

// Private replies (docs/decisions/066). A reader who may read an entry (its writer's friend, the
// entry shared with the close circle) writes to its writer; only the two of them see that thread.
// On an anonymous entry the reader is never told who the writer is: a message carries its side
// ("writer"/"reader"), never a person, and the inbox masks the writer (lib/notifications). Whoever
// may not read the entry gets the 404 of an entry that does not exist, as hearts do.

interface Entry {
  id: string;
  authorId: string;
  title: string;
  journalDate: string;
  isAnonymous: boolean;
  /** The caller may read it as a reader: shared with the close circle and they are the writer's friend. */
  readable: boolean;
}

/** A reader may read (and so answer) the entry `j`. */
function readerMayRead(readerId: SQL | string, j = sql`j`): SQL {
  return sharedWith(readerId, j);
}

async function loadEntry({
  db,
  userId,
  id: rawId,
}: {
  db: Db;
  userId: string;
  id: string;
}): Promise<Entry & { mine: boolean }> {
  const id = parseId({ value: rawId, message: JOURNAL_NOT_FOUND });
  const { rows } = await db.execute<Entry & Record<string, unknown>>(sql`
    select j.id, j.author_id as "authorId", j.title, j.journal_date::text as "journalDate", j.is_anonymous as "isAnonymous",
      ${readerMayRead(userId)} as readable
    from journals j where j.id = ${id}::uuid`);
  const entry = rows[0];
  if (!entry) throw new NotFoundError(JOURNAL_NOT_FOUND);
  const mine = entry.authorId === userId;
  if (!mine && !entry.readable) throw new NotFoundError(JOURNAL_NOT_FOUND);
  return { ...entry, mine };
}

interface MessageRow extends Record<string, unknown> {
  id: string;
  readerId: string;
  fromWriter: boolean;
  text: string;
  createdAt: Date;
}

function toMessage(row: MessageRow, callerIsWriter: boolean): ReplyMessage {
  return {
    id: row.id,
    from: row.fromWriter ? "writer" : "reader",
    mine: row.fromWriter === callerIsWriter,
    text: row.text,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

function encodeCursor(atText: string, readerId: string): string {
  return Buffer.from(`${atText}|${readerId}`, "utf8").toString("base64url");
}

function decodeCursor(cursor: string): { at: string; readerId: string } {
  const m = /^[A-Za-z0-9_-]{1,128}$/.test(cursor)
    ? /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
        Buffer.from(cursor, "base64url").toString("utf8"),
      )
    : null;
  if (!m || !isTimestampText(m[1]!))
    throw new ValidationError(INVALID_CURSOR, [{ path: "cursor", message: INVALID_CURSOR }]);
  return { at: m[1]!, readerId: m[2]! };
}

/** GET /api/journals/{id}/replies: the writer gets every reader's thread, a reader their own. */
export async function listReplies({
  db,
  userId,
  id,
  cursor,
}: {
  db: Db;
  userId: string;
  id: string;
  cursor?: string;
}): Promise<RepliesPage> {
  const entry = await loadEntry({ db, userId, id });
  const after = cursor ? decodeCursor(cursor) : undefined;
  // The threads on this page: a reader's own, or the writer's latest-first page of readers.
  const { rows: heads } = await db.execute<
    { readerId: string; atText: string; canReply: boolean } & Record<string, unknown>
  >(sql`
    select r.reader_id as "readerId", (max(r.created_at) at time zone 'UTC')::text as "atText",
      bool_or(${readerMayRead(sql`r.reader_id`)}) as "canReply"
    from replies r join journals j on j.id = r.journal_id
    where r.journal_id = ${entry.id}::uuid ${entry.mine ? sql`and r.reader_id not in (${hiddenFrom(userId)})` : sql`and r.reader_id = ${userId}::uuid`}
    group by r.reader_id
    ${after ? sql`having (max(r.created_at), r.reader_id) < (${after.at}::timestamp at time zone 'UTC', ${after.readerId}::uuid)` : sql``}
    order by max(r.created_at) desc, r.reader_id desc
    limit ${REPLY_THREADS_PAGE_SIZE + 1}`);
  const page = heads.slice(0, REPLY_THREADS_PAGE_SIZE);
  const readerIds = page.map((h) => h.readerId);
  const { rows: messages } = readerIds.length
    ? await db.execute<MessageRow>(sql`
        select id, "readerId", "fromWriter", text, "createdAt" from (
          select r.id, r.reader_id as "readerId", r.from_writer as "fromWriter", r.text, r.created_at as "createdAt",
            row_number() over (partition by r.reader_id order by r.created_at desc, r.id desc) as n
          from replies r where r.journal_id = ${entry.id}::uuid and r.reader_id = any(${`{${readerIds.join(",")}}`}::uuid[])
        ) m where n <= ${REPLIES_PER_THREAD_MAX}
        order by "createdAt", id`)
    : { rows: [] as MessageRow[] };
  const showWriter = entry.mine || !entry.isAnonymous;
  const people = await actorsById({
    db,
    ids: [...readerIds, ...(showWriter ? [entry.authorId] : [])],
    viewerId: userId,
  });
  const last = page.at(-1);
  return {
    journal: {
      id: entry.id,
      title: entry.title,
      journalDate: entry.journalDate,
      isAnonymous: entry.isAnonymous,
      mine: entry.mine,
      writer: showWriter ? (people.get(entry.authorId) ?? null) : null,
    },
    threads: page.flatMap((h) => {
      const reader = people.get(h.readerId);
      if (!reader) return [];
      return [
        {
          reader,
          canReply: h.canReply,
          messages: messages.filter((m) => m.readerId === h.readerId).map((m) => toMessage(m, entry.mine)),
        },
      ];
    }),
    nextCursor: heads.length > REPLY_THREADS_PAGE_SIZE && last ? encodeCursor(last.atText, last.readerId) : null,
  };
}

/**
 * POST /api/journals/{id}/replies: a reader writes to the entry's writer, or the writer answers
 * `threadWith` (a reader who has written and may still read the entry). The message and the other
 * side's notification are written in one statement, which checks again that the reader may read
 * the entry, so an unfriending a moment before cannot slip a message through.
 */
export async function sendReply({
  db,
  userId,
  id,
  text,
  threadWith,
}: {
  db: Db;
  userId: string;
  id: string;
  text: string;
  threadWith?: string;
}): Promise<ReplyMessage> {
  const entry = await loadEntry({ db, userId, id });
  let readerId: string;
  if (entry.mine) {
    if (!threadWith)
      throw new ValidationError(THREAD_WITH_REQUIRED_MESSAGE, [
        { path: "threadWith", message: THREAD_WITH_REQUIRED_MESSAGE },
      ]);
    readerId = threadWith;
  } else {
    // A reader has one thread: their own. Naming anyone else's is asking for a thread that is not theirs.
    if (threadWith !== undefined && threadWith !== userId) throw new NotFoundError(THREAD_NOT_FOUND_MESSAGE);
    readerId = userId;
  }
  await consumeAttempt({ db, limit: { key: `replies:${userId}`, max: REPLIES_PER_HOUR, windowSeconds: 60 * 60 } });
  const fromWriter = entry.mine;
  const recipient = fromWriter ? readerId : entry.authorId;
  const { rows } = await db.execute<
    { allowed: boolean; room: boolean; id: string | null; createdAt: Date | null } & Record<string, unknown>
  >(sql`
    with target as (
      select j.id from journals j
      where j.id = ${entry.id}::uuid and j.author_id <> ${readerId}::uuid and ${readerMayRead(readerId)}
        ${fromWriter ? sql`and exists (select 1 from replies t where t.journal_id = j.id and t.reader_id = ${readerId}::uuid and not t.from_writer)` : sql``}
    ),
    room as (select count(*) < ${REPLIES_PER_THREAD_MAX} as ok from replies where journal_id = ${entry.id}::uuid and reader_id = ${readerId}::uuid),
    sent as (
      insert into replies (journal_id, reader_id, from_writer, text)
      select id, ${readerId}::uuid, ${fromWriter}, ${text} from target where (select ok from room)
      returning id, created_at
    ),
    told as (
      insert into notifications (user_id, kind, actor_id, journal_id, reply_id)
      select ${recipient}::uuid, 'reply', ${userId}::uuid, ${entry.id}::uuid, sent.id from sent
      returning id, user_id
    ),
    queued as (insert into push_outbox (notification_id) select id from told)
    select exists (select 1 from target) as allowed, (select ok from room) as room, (select id from sent) as id, (select created_at from sent) as "createdAt",
      (select count(*) from (${inboxChanged(sql`told.user_id`)} from told) live)::int as "told"`);
  const row = rows[0];
  if (!row?.allowed)
    throw fromWriter ? new NotFoundError(THREAD_NOT_FOUND_MESSAGE) : new NotFoundError(JOURNAL_NOT_FOUND);
  if (!row.room || !row.id || !row.createdAt) throw new ConflictError(THREAD_FULL_MESSAGE);
  // The other side's devices hear of it from the job, never from this request (docs/decisions/082).
  await wakeJobs(PUSH_QUEUE);
  return {
    id: row.id,
    from: fromWriter ? "writer" : "reader",
    mine: true,
    text,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** DELETE /api/journals/{id}/replies/{replyId}: each side deletes its own messages; the other side's notification goes with it. */
export async function deleteReply({
  db,
  userId,
  id: rawId,
  replyId: rawReplyId,
}: {
  db: Db;
  userId: string;
  id: string;
  replyId: string;
}): Promise<void> {
  const id = parseId({ value: rawId, message: REPLY_NOT_FOUND_MESSAGE });
  const replyId = parseId({ value: rawReplyId, message: REPLY_NOT_FOUND_MESSAGE });
  const { rows } = await db.execute<{ recipient: string } & Record<string, unknown>>(sql`
    with gone as (
      delete from replies r using journals j
      where r.id = ${replyId}::uuid and r.journal_id = ${id}::uuid and j.id = r.journal_id
        and ((r.from_writer and j.author_id = ${userId}::uuid) or (not r.from_writer and r.reader_id = ${userId}::uuid))
      returning case when r.from_writer then r.reader_id else j.author_id end as recipient
    )
    select recipient, (select count(*) from (${inboxChanged(sql`gone.recipient`)} from gone) live)::int as "told" from gone`);
  if (!rows.length) throw new NotFoundError(REPLY_NOT_FOUND_MESSAGE);
}
