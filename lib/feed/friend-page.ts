import "server-only";
import { sql } from "drizzle-orm";
import type { FriendPage } from "@/lib/contract/people";
import type { Db } from "@/lib/db/client";
import { executePrepared } from "@/lib/db/prepared";
import { ForbiddenError } from "@/lib/errors";
import { hiddenBetween } from "@/lib/db/block-sql";
import { parseId } from "@/lib/ids";
import { recordReads, unfoldedReads } from "@/lib/journals/reads";
import { decodeFeedCursor, encodeFeedCursor } from "./cursor";
import { NOT_FRIENDS_MESSAGE } from "./friend-page-messages";
import { toFeedItem } from "./list";
import type { FeedItemRow } from "./query";
import { USER_NOT_FOUND } from "@/lib/users/messages";

// A friend's page (docs/product.md "Public profile"): GET /api/users/{id}/journals, their entries
// shared with the close circle that carry their name, by the day each is about, newest first (a
// diary is read by its days; the feed keeps the order of sharing), in the feed's shape. Its cursor
// has the feed's form, the day's midnight (UTC) in place of the moment shared. Never an
// anonymous one, and no count of anything: nothing on it says how many entries a friend shares
// without their name, or when (docs/decisions/065).

export const FRIEND_PAGE_SIZE = 10;

interface Row extends FeedItemRow {
  feedAtMicros: string;
}

export async function listFriendJournals({
  db,
  viewerId,
  userId: rawId,
  cursor,
}: {
  db: Db;
  viewerId: string;
  userId: string;
  cursor?: string;
}): Promise<FriendPage> {
  const userId = parseId({ value: rawId, message: USER_NOT_FOUND });
  const after = cursor === undefined ? undefined : decodeFeedCursor({ cursor });
  if (userId !== viewerId) {
    const { rows } = await db.execute<{ friends: boolean; blocked: boolean }>(sql`
      select exists (select 1 from friendships where user_id = ${viewerId}::uuid and friend_id = ${userId}::uuid) as friends, ${hiddenBetween(viewerId, userId)} as blocked`);
    // Blocked either way, the answer is a stranger's, which is also an unknown id's: nobody learns
    // from it that they were blocked (docs/decisions/067).
    if (rows[0]?.blocked || !rows[0]?.friends) throw new ForbiddenError(NOT_FRIENDS_MESSAGE);
  }
  const query = sql`
    select j.id, j.title, j.content, j.image_key as "imageKey", j.image_description as "imageDescription", j.more_photos as "morePhotos", j.journal_date::text as "journalDate",
      j.visibility, j.is_anonymous as "isAnonymous",
      to_char(j.feed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
      (extract(epoch from j.journal_date::timestamp) * 1000000)::bigint::text as "feedAtMicros",
      j.likes_count as "likes",
      j.reads_count + ${unfoldedReads(sql`j.id`)} as "reads",
      exists (select 1 from likes l where l.journal_id = j.id and l.user_id = ${viewerId}::uuid) as "likedByMe",
      u.id as "authorId", u.name as "authorName", u.username as "authorUsername",
      u.profile_image_key as "authorProfileImageKey", u.location as "authorLocation"
    from journals j join users u on u.id = j.author_id
    where j.author_id = ${userId}::uuid and j.visibility = 'close-circle' and not j.is_anonymous
      ${after ? sql`and (j.journal_date, j.id) < ((timestamp 'epoch' + ${after.feedAtMicros}::bigint * interval '1 microsecond')::date, ${after.id}::uuid)` : sql``}
    order by j.journal_date desc, j.id desc
    limit ${FRIEND_PAGE_SIZE + 1}::int`;
  const rows = await executePrepared<Row & Record<string, unknown>>(db, query);
  const page = rows.slice(0, FRIEND_PAGE_SIZE);
  if (userId !== viewerId) await recordReads({ db, viewerId, journalIds: page.map((r) => r.id) });
  const last = page.at(-1);
  return {
    journals: await Promise.all(page.map((row) => toFeedItem({ db, row, viewerId }))),
    nextCursor:
      rows.length > FRIEND_PAGE_SIZE && last
        ? encodeFeedCursor({ feedAtMicros: last.feedAtMicros, id: last.id })
        : null,
  };
}
