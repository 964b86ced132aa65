import "server-only";
import { and, eq, not, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { journals, users } from "@/lib/db/schema";
import { NotFoundError } from "@/lib/errors";
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
 * GET /api/users/{userId}: anyone signed in may see a person's public profile and totals, the
 * picture signed for the viewer. Anonymous entries are left out of every total (decision 025), or
 * a heart on an anonymous entry would show on its writer's profile.
 */
export async function getPublicProfile({ db, userId: rawId, viewerId }: { db: Db; userId: string; viewerId: string }) {
  // A malformed id is a 404 like an unknown one (docs/api.md), not a database error.
  const userId = parseId({ value: rawId, message: USER_NOT_FOUND });
  const [row] = await db
    .select({ ...publicUserColumns, ...totalsColumns })
    .from(users)
    .leftJoin(journals, totalsJoin(not(journals.isAnonymous)))
    .where(eq(users.id, userId))
    .groupBy(users.id);
  if (!row) throw new NotFoundError(USER_NOT_FOUND);
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
  };
}
