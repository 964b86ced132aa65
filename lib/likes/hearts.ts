import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { sharedWith } from "@/lib/journals/shared-with";
import type { Db } from "@/lib/db/client";
import { NotFoundError, ValidationError, foreignKeyViolation } from "@/lib/errors";
import { parseId } from "@/lib/ids";
import { inbox } from "@/lib/notifications";
import { inboxChanged } from "@/lib/db/channels";
import { PUSH_QUEUE, wakeJobs } from "@/lib/jobs/running";
import { ALREADY_LIKED, LIKE_NOT_FOUND } from "@/lib/likes/messages";
import { JOURNAL_NOT_FOUND } from "@/lib/journals/messages";

/**
 * Who may see (and so heart) an entry: its author, or a friend of the author when it is shared with
 * the close circle (docs/api.md "Conventions" states the same rule). Everyone else gets the 404 of an entry
 * that does not exist.
 */
function visibleTo({ userId }: { userId: string }): SQL {
  return sql`(j.author_id = ${userId}::uuid or ${sharedWith(userId)})`;
}

/**
 * One statement per heart: the like row and the counter change together, and only when the row
 * did (`on conflict do nothing` / `delete … returning`). PostgreSQL makes a second heart from the
 * same person wait for the first and then find its row, so `likes_count` equals the rows under any
 * concurrency and never goes below zero (docs/decisions/026). The author's inbox changes in the
 * same statement: a heart tells them, a heart taken back takes its notification with it (decision 063),
 * and a heart's notification waits in the push outbox for the push job (decision 082).
 */
async function toggleHeart({
  db,
  userId,
  id: rawId,
  change,
}: {
  db: Db;
  userId: string;
  id: string;
  change: "like" | "unlike";
}) {
  const id = parseId({ value: rawId, message: JOURNAL_NOT_FOUND });
  const target = sql`select j.id from journals j where j.id = ${id}::uuid and ${visibleTo({ userId })}`;
  const write =
    change === "like"
      ? sql`insert into likes (journal_id, user_id) select id, ${userId}::uuid from target on conflict do nothing returning journal_id`
      : sql`delete from likes where journal_id in (select id from target) and user_id = ${userId}::uuid returning journal_id`;
  const step = change === "like" ? sql`+ 1` : sql`- 1`;
  let row: { visible: boolean; likesCount: number | null } | undefined;
  try {
    ({
      rows: [row],
    } = await db.execute<{ visible: boolean; likesCount: number | null }>(sql`
      with target as (${target}),
      changed as (${write}),
      counted as (
        update journals set likes_count = likes_count ${step}
        where id in (select journal_id from changed)
        returning likes_count
      ),
      told as (${change === "like" ? inbox.heartGiven(sql`select journal_id from changed`, userId) : inbox.heartTakenBack(sql`select journal_id from changed`, userId)})
      ${change === "like" ? sql`, queued as (insert into push_outbox (notification_id) select id from told)` : sql``}
      select exists (select 1 from target) as "visible", (select likes_count from counted) as "likesCount",
        (select count(*) from (${inboxChanged(sql`told.user_id`)} from told) live)::int as "told"`));
  } catch (err) {
    if (foreignKeyViolation(err)) throw new NotFoundError(JOURNAL_NOT_FOUND);
    throw err;
  }
  if (!row?.visible) throw new NotFoundError(JOURNAL_NOT_FOUND);
  if (row.likesCount === null) throw new ValidationError(change === "like" ? ALREADY_LIKED : LIKE_NOT_FOUND);
  // The author's devices hear of it from the job, never from this request (docs/decisions/082).
  if (change === "like") await wakeJobs(PUSH_QUEUE);
  return row.likesCount;
}

/** POST /api/journal/{id}/like: the entry's new heart count; 400 when the caller had already hearted it. */
export async function likeJournal({ db, userId, id }: { db: Db; userId: string; id: string }): Promise<number> {
  return toggleHeart({ db, userId, id, change: "like" });
}

/** DELETE /api/journal/{id}/like: the entry's new heart count; 400 when the caller had not hearted it. */
export async function unlikeJournal({ db, userId, id }: { db: Db; userId: string; id: string }): Promise<number> {
  return toggleHeart({ db, userId, id, change: "unlike" });
}

/** GET /api/journal/user/likes: the ids of the entries the caller has hearted and may still see, latest heart first. */
export async function listLikedJournals({ db, userId }: { db: Db; userId: string }): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select j.id from likes l join journals j on j.id = l.journal_id
    where l.user_id = ${userId}::uuid and ${visibleTo({ userId })}
    order by l.created_at desc, j.id`);
  return rows.map((r) => r.id);
}
