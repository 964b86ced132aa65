import "server-only";
import type { User } from "@/lib/db/schema";
import type { friendRequests } from "@/lib/db/schema";

/**
 * A user's `profileImage` in an API answer, or null when there is none. Users have no upload route
 * yet, so this hands back what the column holds; it is the one place the people and profile work
 * will turn a stored image into API.md's signed absolute URL.
 */
export function profileImageUrl({ profileImage }: Pick<User, "profileImage">): string | null {
  return profileImage || null;
}

export type FriendRequestRow = typeof friendRequests.$inferSelect;

/** A friend request as the send, accept and reject answers show it: the two people by id. */
export function toFriendRequestJson(row: FriendRequestRow) {
  return {
    _id: row.id,
    id: row.id,
    from: row.fromId,
    to: row.toId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    respondedAt: row.respondedAt?.toISOString() ?? null,
  };
}
