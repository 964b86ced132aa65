import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { FriendStatus, PendingRequest, PublicProfile, SuggestedUser } from "@/lib/contract/answers";
import type { FriendPage } from "@/lib/contract/people";
import { answerOf, apiFetch, errorMessage } from "./api";
import { apiPath } from "./api-path";
import { NOTIFICATION_POLL_MS, INBOX_FAILED } from "./notifications";
import { ApiError } from "./api-error";
import { apiRequest } from "./query-client";

// Friend requests, public profiles and suggestions (docs/api.md "Friend requests" and "People";
// server behaviour in docs/decisions/021 and 022), their cache keys, and docs/product.md §5/§8's texts.

/** docs/product.md §9: Fellow Writers shows up to 12 people. */
export const SUGGESTED_LIMIT = 12;

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type { FriendStatus, PendingRequest, PublicProfile as Profile, SuggestedUser } from "@/lib/contract/answers";
export type { FriendPage } from "@/lib/contract/people";

export const friendKeys = {
  pending: ["friend-requests", "pending"] as const,
  status: (userId: string) => ["friend-requests", "status", userId] as const,
  profile: (userId: string) => ["users", userId] as const,
  entries: (userId: string) => ["users", userId, "journals"] as const,
  suggested: (offset: number, excludeId?: string) => ["users", "suggested", offset, excludeId ?? null] as const,
};

/** A call whose every failure reads as `failure` (the spec's toast for it). */
async function call(path: string, failure: string, init: Parameters<typeof apiFetch>[1] = {}): Promise<Response> {
  const res = await apiRequest(path, init, failure);
  if (!res.ok) throw new ApiError(res.status, failure);
  return res;
}

/** Incoming requests; the nav badge and both lists share this one cache entry. */
export function pendingRequestsQuery() {
  return queryOptions({
    queryKey: friendKeys.pending,
    queryFn: async ({ signal }): Promise<PendingRequest[]> => {
      const res = await call(apiPath("GET /api/friend-requests/pending"), INBOX_FAILED, { signal });
      return (await answerOf("GET /api/friend-requests/pending", res)).data;
    },
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export async function acceptRequest(requestId: string): Promise<void> {
  await call(
    apiPath("POST /api/friend-requests/accept/{requestId}", { requestId }),
    "Failed to accept friend request",
    { method: "POST" },
  );
}

export async function rejectRequest(requestId: string): Promise<void> {
  await call(
    apiPath("POST /api/friend-requests/reject/{requestId}", { requestId }),
    "Failed to reject friend request",
    { method: "POST" },
  );
}

export function friendStatusQuery(userId: string) {
  return queryOptions({
    queryKey: friendKeys.status(userId),
    queryFn: async ({ signal }): Promise<FriendStatus> => {
      const res = await call(
        apiPath("GET /api/friend-requests/status/{userId}", { userId }),
        "Failed to load the friendship",
        { signal },
      );
      return (await answerOf("GET /api/friend-requests/status/{userId}", res)).status;
    },
  });
}

/** The server's own message when it gives one (e.g. "Already friends"), docs/product.md §5. */
export async function sendRequest(userId: string): Promise<void> {
  const fallback = "Failed to send friend request";
  const res = await apiRequest(
    apiPath("POST /api/friend-requests/send"),
    { method: "POST", body: JSON.stringify({ to: userId }) },
    fallback,
  );
  if (!res.ok) throw new ApiError(res.status, (await errorMessage(res)) ?? fallback);
}

export async function cancelRequest(userId: string): Promise<void> {
  await call(apiPath("DELETE /api/friend-requests/cancel/{userId}", { userId }), "Failed to cancel friend request", {
    method: "DELETE",
  });
}

/** A writer's public profile, or null when there is no such user (404). */
export function profileQuery(userId: string) {
  return queryOptions({
    queryKey: friendKeys.profile(userId),
    queryFn: async ({ signal }): Promise<PublicProfile | null> => {
      const res = await apiRequest(
        apiPath("GET /api/users/{userId}", { userId }),
        { signal },
        "Error loading profile!",
      );
      if (res.status === 404) return null;
      if (!res.ok) throw new ApiError(res.status, "Error loading profile!");
      return (await answerOf("GET /api/users/{userId}", res)).user;
    },
  });
}

/**
 * `offset` is how many suggestions were already shown; the server wraps around (decision 022).
 * `excludeId`: the profile the list is shown beside, whose owner it must not suggest (decision 042).
 */
export function suggestedQuery(offset: number, excludeId?: string) {
  return queryOptions({
    queryKey: friendKeys.suggested(offset, excludeId),
    queryFn: async ({ signal }): Promise<SuggestedUser[]> => {
      // A profile address that names nobody (/public/not-an-id) has no owner to leave out.
      const exclude = excludeId && USER_ID.test(excludeId) ? `&exclude=${excludeId}` : "";
      const res = await call(
        `${apiPath("GET /api/search/suggested")}?limit=${SUGGESTED_LIMIT}&offset=${offset}${exclude}`,
        FELLOW_WRITERS_FAILED,
        { signal },
      );
      return (await answerOf("GET /api/search/suggested", res)).users;
    },
  });
}

export const FRIEND_ENTRIES_FAILED = "Could not load their entries.";

/** A friend's entries shared under their name (GET /api/users/{userId}/journals), a page at a time; hearts patch it like the feed. */
export function friendEntriesQuery(userId: string) {
  return infiniteQueryOptions({
    queryKey: friendKeys.entries(userId),
    initialPageParam: null as string | null,
    getNextPageParam: (last: FriendPage) => last.nextCursor,
    queryFn: async ({ pageParam, signal }) => {
      const query = pageParam ? `?${new URLSearchParams({ cursor: pageParam })}` : "";
      const res = await apiRequest(
        `${apiPath("GET /api/users/{userId}/journals", { userId })}${query}`,
        { signal },
        FRIEND_ENTRIES_FAILED,
      );
      if (!res.ok) throw new ApiError(res.status, FRIEND_ENTRIES_FAILED);
      return answerOf("GET /api/users/{userId}/journals", res);
    },
  });
}
export const FELLOW_WRITERS_FAILED = "Failed to load fellow writers";
