import "server-only";
import type { PagePhoto } from "@/lib/db/schema";
import { sql, type SQL } from "drizzle-orm";
import { unfoldedReads } from "@/lib/journals/reads";
import { SUSPENDED_IDS, mutedBy } from "@/lib/db/block-sql";
import type { FeedCursor } from "./cursor";

/**
 * The friends' shared entries, in feed order: `feed_at` (the exact time of a signed entry, the
 * UTC day of an anonymous one, docs/decisions/025), then id. Each friend's entries are one range
 * of `journals_feed_idx`, so a page reads the friends' index entries, never the table
 * (tests/lib/feed-plans.test.ts).
 */
function sharedByFriends({ viewerId }: { viewerId: string }): SQL {
  return sql`j.author_id in (select friend_id from friendships where user_id = ${viewerId}::uuid) and j.visibility = 'close-circle' and not ${mutedBy(viewerId)}
    and j.author_id not in (${SUSPENDED_IDS})`;
}

const FEED_ORDER = sql`feed_at desc nulls last, id desc nulls last`;

/**
 * One feed page and its totals, in one statement that only reads (docs/decisions/026, 051):
 * - `page` is the page plus one entry, which only tells whether there is more, found in the index
 *   alone (`journals_feed_idx` holds the sort key and id); only the entries served are read whole;
 * - `reads` is the entry's count after this viewer's read of today: the folded count, the rows not
 *   folded yet (lib/journals/reads.ts) and 1 when `newRead` (not the viewer's own entry and not
 *   read by them today), which the caller then records with `recordReads`.
 * Author columns come only from a join that anonymous entries never match, and `created_at` leaves
 * the database as `feed_at`: an anonymous entry's writer and exact time never leave it at all.
 */
export function feedPageQuery({
  viewerId,
  limit,
  offset,
  after,
}: {
  viewerId: string;
  limit: number;
  offset: number;
  after?: FeedCursor;
}): SQL {
  const position = after
    ? sql`and (j.feed_at, j.id) < (timestamptz 'epoch' + ${after.feedAtMicros}::bigint * interval '1 microsecond', ${after.id}::uuid)`
    : sql``;
  return sql`
    with page as (
      select j.id, j.feed_at from journals j
      where ${sharedByFriends({ viewerId })} ${position}
      order by ${FEED_ORDER}
      limit ${limit + 1}::int offset ${offset}::int
    ),
    served as (
      select j.id, j.author_id, j.title, j.content, j.image_key, j.image_description, j.more_photos, j.journal_date, j.visibility, j.is_anonymous,
             j.feed_at, j.likes_count, j.reads_count,
             j.author_id <> ${viewerId}::uuid and not exists (
               select 1 from journal_reads r where r.journal_id = j.id and r.viewer_id = ${viewerId}::uuid and r.day = (now() at time zone 'UTC')::date
             ) as new_read
      from (select id from page order by ${FEED_ORDER} limit ${limit}::int) p join journals j on j.id = p.id
    )
    select
      (select count(*) from journals j where ${sharedByFriends({ viewerId })})::int as "total",
      (select count(*) from page)::int > ${limit}::int as "hasMore",
      s.id, s.title, s.content, s.image_key as "imageKey", s.image_description as "imageDescription", s.more_photos as "morePhotos", s.journal_date::text as "journalDate",
      s.visibility, s.is_anonymous as "isAnonymous",
      to_char(s.feed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
      (extract(epoch from s.feed_at) * 1000000)::bigint::text as "feedAtMicros",
      s.likes_count as "likes",
      s.reads_count + ${unfoldedReads(sql`s.id`)} + s.new_read::int as "reads",
      s.new_read as "newRead",
      exists (select 1 from likes l where l.journal_id = s.id and l.user_id = ${viewerId}::uuid) as "likedByMe",
      u.id as "authorId", u.name as "authorName", u.username as "authorUsername",
      u.profile_image_key as "authorProfileImageKey", u.location as "authorLocation"
    from (select 1) as one
      left join served s on true
      left join users u on u.id = s.author_id and not s.is_anonymous
    order by s.feed_at desc nulls last, s.id desc nulls last`;
}

export interface FeedPageRow {
  total: number;
  hasMore: boolean;
  id: string | null;
  title: string;
  content: string;
  imageKey: string | null;
  imageDescription: string | null;
  /** The photos after the cover (docs/decisions/133); [] on the one row of an empty page. */
  morePhotos: PagePhoto[] | null;
  journalDate: string;
  /** The feed serves only entries shared with the close circle. */
  visibility: "close-circle";
  isAnonymous: boolean;
  createdAt: string;
  feedAtMicros: string;
  likes: number;
  reads: number;
  /** This page is the viewer's first read of the entry today: the caller records it. */
  newRead: boolean;
  likedByMe: boolean;
  authorId: string | null;
  authorName: string | null;
  authorUsername: string | null;
  authorProfileImageKey: string | null;
  authorLocation: string | null;
}

/** One entry's columns of a feed row, the page's totals and cursor aside: what toFeedItem (./list.ts) maps, for On This Day too (./on-this-day.ts). */
export type FeedItemRow = Omit<FeedPageRow, "total" | "hasMore" | "feedAtMicros" | "newRead"> & { id: string };
