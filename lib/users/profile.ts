import "server-only";
import { and, eq, not, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { journals, users } from "@/lib/db/schema";
import { NotFoundError } from "@/lib/errors";
import { parseId } from "@/lib/ids";
import { publicUserColumns, toPublicUser } from "./json";

export const USER_NOT_FOUND = "User not found";

/**
 * GET /api/users/{userId}: anyone signed in may see a person's public profile and totals.
 *
 * The totals come from the counters each entry keeps (`likes_count` equals the entry's like rows,
 * API.md; `reads_count` its read rows), summed in one pass over the author's entries through
 * `journals_author_created_idx`: cheaper than counting like and read rows, which grow with every
 * heart and every day's readers, and always equal to the numbers the entries themselves show.
 * Anonymous entries are left out of every total (ARCHITECTURE.md), or a heart on an anonymous
 * entry would show on its writer's profile.
 */
export async function getPublicProfile({ db, userId: rawId }: { db: Db; userId: string }) {
  // A malformed id is a 404 like an unknown one (API.md), not a database error.
  const userId = parseId({ value: rawId, message: USER_NOT_FOUND });
  const [row] = await db
    .select({
      ...publicUserColumns,
      journalCount: sql<number>`count(${journals.id})`.mapWith(Number),
      totalLikes: sql<number>`coalesce(sum(${journals.likesCount}), 0)`.mapWith(Number),
      totalReads: sql<number>`coalesce(sum(${journals.readsCount}), 0)`.mapWith(Number),
    })
    .from(users)
    .leftJoin(journals, and(eq(journals.authorId, users.id), not(journals.isAnonymous)))
    .where(eq(users.id, userId))
    .groupBy(users.id);
  if (!row) throw new NotFoundError(USER_NOT_FOUND);
  const { _id, id, name, fullName, username, bio, location, profileImage, avatar, profilePicture, createdAt } = toPublicUser(row);
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
