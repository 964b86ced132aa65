import "server-only";
import type { FriendRequest } from "@/lib/contract/answers";
import type { friendRequests } from "@/lib/db/schema";

export type FriendRequestRow = typeof friendRequests.$inferSelect;

/** A friend request as the send, accept and reject answers show it: the two people by id. */
export function toFriendRequestJson(row: FriendRequestRow): FriendRequest {
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
