import { infiniteQueryOptions, queryOptions, type InfiniteData } from "@tanstack/react-query";
import type { HeartPage, Notification, NotificationPage } from "@/lib/contract/notifications";
import { answerOf } from "./api";
import { apiPath } from "./api-path";
import { ApiError } from "./api-error";
import { apiRequest } from "./query-client";

// The activity inbox (docs/api.md "Notifications", docs/decisions/063): the badge, the panel and
// /notifications share one cached list; its first page carries the unread count.

export type { Notification, NotificationPage } from "@/lib/contract/notifications";

export const INBOX_FAILED = "Failed to load notifications";
const MARK_FAILED = "Could not mark notifications read";

export const notificationKeys = {
  all: ["notifications"] as const,
  inbox: ["notifications", "inbox"] as const,
  hearts: (journalId: string) => ["notifications", "hearts", journalId] as const,
};

const HEARTS_FAILED = "Could not load who hearted it";

/** Who hearted one of the writer's own entries, newest first (the first page: 50). */
export function heartsQuery(journalId: string) {
  return queryOptions({
    queryKey: notificationKeys.hearts(journalId),
    queryFn: async ({ signal }): Promise<HeartPage> => {
      const res = await apiRequest(
        apiPath("GET /api/journals/{id}/hearts", { id: journalId }),
        { signal },
        HEARTS_FAILED,
      );
      if (!res.ok) throw new ApiError(res.status, HEARTS_FAILED);
      return answerOf("GET /api/journals/{id}/hearts", res);
    },
  });
}

export type InboxData = InfiniteData<NotificationPage, unknown>;

/** The inbox, newest first, a page at a time; asked again when the window comes back (and every 30 s by the badge while it has no live stream). */
export function inboxQuery() {
  return infiniteQueryOptions({
    queryKey: notificationKeys.inbox,
    initialPageParam: null as string | null,
    getNextPageParam: (last: NotificationPage) => last.nextCursor,
    queryFn: async ({ pageParam, signal }): Promise<NotificationPage> => {
      const query = pageParam ? `?${new URLSearchParams({ cursor: pageParam })}` : "";
      const res = await apiRequest(`${apiPath("GET /api/notifications")}${query}`, { signal }, INBOX_FAILED);
      if (!res.ok) throw new ApiError(res.status, INBOX_FAILED);
      return answerOf("GET /api/notifications", res);
    },
    refetchOnWindowFocus: true,
  });
}

/** docs/product.md §9: the badge asks again every 30 s. Here, not in ./friends, so the nav's badge does not bring the friends' code into every signed-in page's first load. */
export const NOTIFICATION_POLL_MS = 30_000;
/** How often the badge asks while it has no live stream (docs/product.md §9). */
export const INBOX_POLL_MS = NOTIFICATION_POLL_MS;
/** The live stream's path (docs/api.md "Notifications"). */
export const INBOX_STREAM_PATH = apiPath("GET /api/notifications/stream");

/** The unread count the badge shows: the newest page's. */
export function unreadCountOf(data: InboxData | undefined): number {
  return data?.pages[0]?.unreadCount ?? 0;
}

/** Marks `ids` read, or every notification with `all`; the unread count after. */
export async function markRead(body: { ids: string[] } | { all: true }): Promise<number> {
  const res = await apiRequest(
    apiPath("POST /api/notifications/read"),
    { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } },
    MARK_FAILED,
  );
  if (!res.ok) throw new ApiError(res.status, MARK_FAILED);
  return (await answerOf("POST /api/notifications/read", res)).unreadCount;
}

/** The cached inbox with `ids` (or all) read now and `unreadCount` as the server said. */
export function withRead(
  data: InboxData | undefined,
  ids: Set<string> | "all",
  unreadCount: number,
): InboxData | undefined {
  if (!data) return data;
  const now = new Date().toISOString();
  const read = (n: Notification) => (n.readAt === null && (ids === "all" || ids.has(n.id)) ? { ...n, readAt: now } : n);
  return {
    ...data,
    pages: data.pages.map((p, i) => ({
      ...p,
      unreadCount: i === 0 ? unreadCount : p.unreadCount,
      data: p.data.map(read),
    })),
  };
}
