import "server-only";
import { and, count, desc, eq, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { friendRequests, friendships, users } from "@/lib/db/schema";
import { NotFoundError } from "@/lib/errors";
import type { CloseFriend } from "@/lib/contract/answers";
import { publicUserColumns, toPublicUser } from "@/lib/users/json";
import { parseId } from "@/lib/ids";
import { FRIEND_NOT_FOUND_MESSAGE } from "@/lib/friends/limits";

// The caller's close circle (docs/api.md "My profile and community"): everyone they are friends with.

export async function countCloseFriends({ db, userId }: { db: Db; userId: string }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(friendships).where(eq(friendships.userId, userId));
  return row!.n;
}

/** The caller's friends, the most recent friendship first. */
export async function listCloseFriends({ db, userId }: { db: Db; userId: string }): Promise<CloseFriend[]> {
  const rows = await db
    .select(publicUserColumns)
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(eq(friendships.userId, userId))
    .orderBy(desc(friendships.createdAt), users.username);
  return Promise.all(
    rows.map(async (row) => {
      const { id, name, username, profileImage, location, memberSince } = await toPublicUser({
        db,
        row,
        viewerId: userId,
      });
      return { id, name, username, profileImage, location, memberSince };
    }),
  );
}

/**
 * Ends a friendship for both people at once; returns the caller's new count. 404 when they are not
 * friends. The one removed is declined with it: a rejected request from them, answered now, so
 * that they cannot ask again before the week is out (docs/decisions/042), as after a rejection.
 * The one who removed may ask again at any time.
 */
export async function removeCloseFriend({ db, userId, friendId }: { db: Db; userId: string; friendId: string }) {
  const other = parseId({ value: friendId, message: FRIEND_NOT_FOUND_MESSAGE });
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(friendships)
      .where(
        or(
          and(eq(friendships.userId, userId), eq(friendships.friendId, other)),
          and(eq(friendships.userId, other), eq(friendships.friendId, userId)),
        ),
      )
      .returning({ userId: friendships.userId });
    if (removed.length === 0) throw new NotFoundError(FRIEND_NOT_FOUND_MESSAGE);
    await tx
      .insert(friendRequests)
      .values({ fromId: other, toId: userId, status: "rejected", respondedAt: sql`now()` });
    const [row] = await tx.select({ n: count() }).from(friendships).where(eq(friendships.userId, userId));
    return row!.n;
  });
}
