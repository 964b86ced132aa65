import { infiniteQueryOptions } from "@tanstack/react-query";
import type { FeedItem, FeedPage } from "@/lib/contract/answers";
import { answerOf, errorMessage } from "./api";
import { apiPath } from "./api-path";
import { SERVER_FAULT } from "./api-error";
import { ApiError } from "./api-error";
import { apiRequest } from "./query-client";
import { FEED_PAGE_SIZE } from "@/lib/validation/feed-limits";
import { feedKeys, type FeedData } from "@/lib/query-keys";
import { ALREADY_LIKED, LIKE_NOT_FOUND } from "@/lib/likes/messages";

// The close-circle feed and its hearts (docs/api.md "Feed and hearts"; docs/product.md §2 Feed, §4, §8, §9).

export type { FeedAuthor, FeedItem, FeedPage } from "@/lib/contract/answers";

export { feedKeys, type FeedData };

/** docs/product.md §8: the server's message, or SERVER_FAULT's words when it gave none or failed itself. */
async function feedError(res: Response): Promise<ApiError> {
  return new ApiError(res.status, (await errorMessage(res)) ?? SERVER_FAULT);
}

/**
 * The address of one page of the feed: the first without a cursor, then each from the cursor the
 * last one gave. The first is also what the service worker keeps for offline reading (client/offline-reading.ts).
 */
export function feedPagePath(cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(FEED_PAGE_SIZE) });
  if (cursor) params.set("cursor", cursor);
  else params.set("page", "1");
  return `${apiPath("GET /api/journal/close-circle")}?${params}`;
}

async function fetchFeedPage(cursor: string | null, signal?: AbortSignal): Promise<FeedPage> {
  const res = await apiRequest(feedPagePath(cursor), { signal });
  if (!res.ok) throw await feedError(res);
  return answerOf("GET /api/journal/close-circle", res);
}

export function feedQuery() {
  return infiniteQueryOptions({
    queryKey: feedKeys.all,
    queryFn: ({ pageParam, signal }) => fetchFeedPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
  });
}

/** What a heart call answered: the new count, or that the server already had it the other way. */
type HeartResult = { likesCount: number } | { alreadyDone: true };

const ALREADY = { like: ALREADY_LIKED, unlike: LIKE_NOT_FOUND } as const;
const FAILED = { like: "Failed to send your heart", unlike: "Failed to take back your heart" } as const;

/**
 * POST (heart) or DELETE (take it back). A 400 saying it was already so is not a failure: the
 * heart is already where the reader wanted it (docs/product.md §8: only logged).
 */
export async function setHeart(journalId: string, liked: boolean): Promise<HeartResult> {
  const kind = liked ? "like" : "unlike";
  const res = await apiRequest(
    apiPath(liked ? "POST /api/journal/{id}/like" : "DELETE /api/journal/{id}/like", { id: journalId }),
    { method: liked ? "POST" : "DELETE" },
    FAILED[kind],
  );
  if (res.ok)
    return {
      likesCount: (await answerOf(liked ? "POST /api/journal/{id}/like" : "DELETE /api/journal/{id}/like", res))
        .likesCount,
    };
  const message = await errorMessage(res);
  if (res.status === 400 && message === ALREADY[kind]) return { alreadyDone: true };
  throw new ApiError(res.status, message ?? FAILED[kind]);
}

/** The feed's cache with one entry changed, wherever it sits among the loaded pages. */
export function patchFeedItem(data: FeedData | undefined, id: string, patch: Partial<FeedItem>): FeedData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      journals: page.journals.map((item) => (item.id === id ? { ...item, ...patch } : item)),
    })),
  };
}
