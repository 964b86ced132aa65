import "server-only";
import { and, eq, not, sql, type SQL } from "drizzle-orm";
import type { PublicProfile } from "@/lib/contract/answers";
import type { Db } from "@/lib/db/client";
import { journals, users } from "@/lib/db/schema";
import { NotFoundError } from "@/lib/errors";
import { hiddenBetween } from "@/lib/db/block-sql";
import { parseId } from "@/lib/ids";
import { unfoldedReads } from "@/lib/journals/reads";
import { publicUserColumns, toPublicUser } from "./json";
import { ACTIVE_WRITER_MIN_CONSISTENCY, CONSISTENCY_MIN_DAYS } from "@/lib/contract/consistency";
import { USER_NOT_FOUND } from "@/lib/users/messages";

/**
 * A person's totals, selected beside their columns from `users` left-joined to the entries that
 * count (`totalsJoin`). They come from the counters each entry keeps (`likes_count` equals the
 * entry's like rows, docs/api.md; `reads_count` its folded reads, plus today's read rows,
 * lib/journals/reads.ts), summed in one pass over the author's entries through
 * `journals_author_created_idx`: cheaper than counting every like and read row, and always equal to
 * the numbers the entries show.
 */
export const totalsColumns = {
  journalCount: sql<number>`count(${journals.id})`.mapWith(Number),
  totalLikes: sql<number>`coalesce(sum(${journals.likesCount}), 0)`.mapWith(Number),
  totalReads: sql<number>`coalesce(sum(${journals.readsCount} + ${unfoldedReads(journals.id)}), 0)`.mapWith(Number),
};

/** The join condition of `totalsColumns`: the person's entries, narrowed by `entries` when given. */
export function totalsJoin(entries?: SQL): SQL {
  return and(eq(journals.authorId, users.id), entries)!;
}

/**
 * The entries a person's totals may count when anyone but the writer sees them: those shared with
 * the close circle and signed. A private entry is nobody else's business, and an anonymous one
 * must not move its writer's numbers: were either counted, an entry turned from private into an
 * anonymous one would show on its writer's profile the moment it showed in the feed, and name them
 * (docs/decisions/025, 042).
 */
export const SEEN_BY_OTHERS = and(eq(journals.visibility, "close-circle"), not(journals.isAnonymous))!;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The earliest day of the entries `totalsColumns` counts: where Consistency starts when it is before joining. */
const firstDayColumn = sql<string | null>`min(${journals.journalDate})::text`;

/**
 * Consistency and the Active Writer badge (docs/decisions/099, amending 023 and 042): the share of
 * the days begun since the writer began (the account was made, or the first counted page's day if
 * earlier: a diary filled in for last week is written, not backdated) on which a counted page
 * stands, to two decimals, at most 100. Over fewer than CONSISTENCY_MIN_DAYS days a share says
 * nothing yet: null, and no badge. The server keeps no time zones (docs/decisions/006), so a
 * page's day starts at midnight UTC.
 */
export function consistencyOf({
  daysWritten,
  firstDay,
  createdAt,
  now,
}: {
  daysWritten: number;
  firstDay: string | null;
  createdAt: Date;
  now: Date;
}): {
  consistency: number | null;
  activeWriter: boolean;
} {
  const start = Math.min(createdAt.getTime(), firstDay ? Date.parse(`${firstDay}T00:00:00Z`) : Infinity);
  const days = Math.ceil((now.getTime() - start) / DAY_MS);
  if (days < CONSISTENCY_MIN_DAYS) return { consistency: null, activeWriter: false };
  // A page dated tomorrow in UTC (decision 006) is a day not yet begun here: never past 100 %.
  const consistency = Math.round((Math.min(daysWritten, days) / days) * 100 * 100) / 100;
  return { consistency, activeWriter: consistency >= ACTIVE_WRITER_MIN_CONSISTENCY };
}

/**
 * GET /api/users/{userId}: anyone signed in may see a person's public profile and totals, the
 * picture signed for the viewer. The totals count only what every reader of the profile could
 * know is there (`SEEN_BY_OTHERS`), the writer's own view of the page too (it shows them what others
 * see); their full totals are on GET /api/myprofile. `daysWritten` (one entry a day, decision 006,
 * so journalCount) makes Consistency and the Active Writer badge (`consistencyOf`).
 */
export async function getPublicProfile({
  db,
  userId: rawId,
  viewerId,
}: {
  db: Db;
  userId: string;
  viewerId: string;
}): Promise<PublicProfile> {
  // A malformed id is a 404 like an unknown one (docs/api.md), not a database error.
  const userId = parseId({ value: rawId, message: USER_NOT_FOUND });
  const [row] = await db
    .select({ ...publicUserColumns, ...totalsColumns, firstDay: firstDayColumn })
    .from(users)
    .leftJoin(journals, totalsJoin(SEEN_BY_OTHERS))
    .where(eq(users.id, userId))
    .groupBy(users.id);
  if (!row) throw new NotFoundError(USER_NOT_FOUND);
  // Blocked either way: the other does not exist for them (docs/decisions/067).
  if (
    userId !== viewerId &&
    (await db.execute(sql`select ${hiddenBetween(viewerId, userId)} as blocked`)).rows[0]?.blocked
  )
    throw new NotFoundError(USER_NOT_FOUND);
  const { _id, id, name, fullName, username, bio, location, profileImage, avatar, profilePicture, createdAt } =
    await toPublicUser({ db, row, viewerId });
  return {
    _id,
    id,
    name,
    fullName,
    username,
    bio,
    location,
    profileImage,
    avatar,
    profilePicture,
    createdAt,
    journalCount: row.journalCount,
    totalLikes: row.totalLikes,
    totalReads: row.totalReads,
    daysWritten: row.journalCount,
    ...consistencyOf({
      daysWritten: row.journalCount,
      firstDay: row.firstDay,
      createdAt: row.createdAt,
      now: new Date(),
    }),
  };
}
