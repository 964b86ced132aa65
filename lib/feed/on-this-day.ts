import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { SUSPENDED_IDS, mutedBy } from "@/lib/db/block-sql";
import type { FeedItem } from "@/lib/contract/answers";
import type { OnThisDay } from "@/lib/contract/past";
import type { DayKey } from "@/lib/dates/local-day";
import type { Db } from "@/lib/db/client";
import { executePrepared } from "@/lib/db/prepared";
import { journals } from "@/lib/db/schema";
import { onAnniversary } from "@/lib/journals/anniversaries";
import { toJournalJson } from "@/lib/journals/json";
import { journalColumns, unfoldedReads } from "@/lib/journals/reads";
import { toFeedItem } from "./list";
import type { FeedItemRow } from "./query";

/** At most this many friends' entries come back on one day: a card's worth, the newest first. */
export const ON_THIS_DAY_FRIENDS_MAX = 20;

/**
 * The close-circle entries that the viewer's friends of *now* wrote on `date`'s day in earlier
 * years (lib/journals/anniversaries.ts), as the feed shows them (docs/decisions/025, 062): the
 * same columns, the author joined only for a signed entry, `feed_at` (an anonymous entry's UTC
 * day) as its time and the feed's order. A glimpse, not a page of the feed: it records no reads.
 */
export async function listFriendsOnThisDay({
  db,
  viewerId,
  date,
}: {
  db: Db;
  viewerId: string;
  date: DayKey;
}): Promise<FeedItem[]> {
  const query = sql`
    select j.id, j.title, j.content, j.image_key as "imageKey", j.image_description as "imageDescription", j.more_photos as "morePhotos", j.journal_date::text as "journalDate",
      j.visibility, j.is_anonymous as "isAnonymous",
      to_char(j.feed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
      j.likes_count as "likes",
      j.reads_count + ${unfoldedReads(sql`j.id`)} as "reads",
      exists (select 1 from likes l where l.journal_id = j.id and l.user_id = ${viewerId}::uuid) as "likedByMe",
      u.id as "authorId", u.name as "authorName", u.username as "authorUsername",
      u.profile_image_key as "authorProfileImageKey", u.location as "authorLocation"
    from friendships f
      join journals j on j.author_id = f.friend_id and ${onAnniversary(sql`j.journal_date`, date)} and j.visibility = 'close-circle'
      left join users u on u.id = j.author_id and not j.is_anonymous
    where f.user_id = ${viewerId}::uuid and not ${mutedBy(viewerId)} and f.friend_id not in (${SUSPENDED_IDS})
    order by j.feed_at desc, j.id desc
    limit ${ON_THIS_DAY_FRIENDS_MAX}::int`;
  const rows = await executePrepared<FeedItemRow & Record<string, unknown>>(db, query);
  return Promise.all(rows.map((row) => toFeedItem({ db, row, viewerId })));
}

/**
 * GET /api/journals/on-this-day: the viewer's own entries of `date`'s day in earlier years, the
 * most recent year first, and their friends' shared entries of that day (listFriendsOnThisDay above;
 * docs/decisions/062-on-this-day-and-streaks.md).
 */
export async function getOnThisDay({
  db,
  viewerId,
  date,
}: {
  db: Db;
  viewerId: string;
  date: DayKey;
}): Promise<OnThisDay> {
  const [rows, friends] = await Promise.all([
    db
      .select(journalColumns())
      .from(journals)
      .where(and(eq(journals.authorId, viewerId), onAnniversary(journals.journalDate, date)))
      .orderBy(desc(journals.journalDate)),
    listFriendsOnThisDay({ db, viewerId, date }),
  ]);
  return { mine: await Promise.all(rows.map((row) => toJournalJson({ db, row, viewerId }))), friends };
}
