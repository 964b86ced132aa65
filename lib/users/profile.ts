import "server-only";
import { and, eq, not, sql, type SQL } from "drizzle-orm";
import type { PublicProfile } from "@/lib/contract/answers";
import type { Db } from "@/lib/db/client";
import { journals, users } from "@/lib/db/schema";
import { NotFoundError } from "@/lib/errors";
import { hiddenBetween } from "./block-sql";
import { parseId } from "@/lib/ids";
import { unfoldedReads } from "@/lib/journals/reads";
import { publicUserColumns, toPublicUser } from "./json";

export const USER_NOT_FOUND = "User not found";

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

/**
 * The first calendar day an entry can be for and count towards Consistency: the earliest day
 * anywhere on Earth (UTC−12) at the moment the account was made. The server keeps no time zones
 * (docs/decisions/006), and this is the day a writer far west of UTC signing up was in; an entry
 * backdated before it is not a day written since joining (docs/decisions/042).
 */
const FIRST_DAY = sql`((${users.createdAt} at time zone 'UTC') - interval '12 hours')::date`;

/** Of the entries `totalsColumns` counts, those for a day since the account's first day: no two share a day (decision 006). */
const daysWrittenColumn = sql<number>`count(${journals.id}) filter (where ${journals.journalDate} >= ${FIRST_DAY})`.mapWith(Number);

/**
 * GET /api/users/{userId}: anyone signed in may see a person's public profile and totals, the
 * picture signed for the viewer. The totals count only what every reader of the profile could
 * know is there (`SEEN_BY_OTHERS`); the writer's own full totals are on GET /api/myprofile.
 * `daysWritten` is what Consistency and the Active Writer badge are made of (decision 023).
 */
export async function getPublicProfile({ db, userId: rawId, viewerId }: { db: Db; userId: string; viewerId: string }): Promise<PublicProfile> {
  // A malformed id is a 404 like an unknown one (docs/api.md), not a database error.
  const userId = parseId({ value: rawId, message: USER_NOT_FOUND });
  const [row] = await db
    .select({ ...publicUserColumns, ...totalsColumns, daysWritten: daysWrittenColumn })
    .from(users)
    .leftJoin(journals, totalsJoin(SEEN_BY_OTHERS))
    .where(eq(users.id, userId))
    .groupBy(users.id);
  if (!row) throw new NotFoundError(USER_NOT_FOUND);
  // Blocked either way: the other does not exist for them (docs/decisions/067).
  if (userId !== viewerId && (await db.execute(sql`select ${hiddenBetween(viewerId, userId)} as blocked`)).rows[0]?.blocked) throw new NotFoundError(USER_NOT_FOUND);
  const { _id, id, name, fullName, username, bio, location, profileImage, avatar, profilePicture, createdAt } = await toPublicUser({ db, row, viewerId });
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
    daysWritten: row.daysWritten,
  };
}
