import { infiniteQueryOptions } from "@tanstack/react-query";
import type { DiarySearchPage, TimelinePage } from "@/lib/contract/diary";
import { journalKeys } from "@/lib/query-keys";
import { answerOf, errorMessage } from "./api";
import { apiPath } from "./api-path";
import { ApiError } from "./api-error";
import { apiRequest } from "./query-client";

// The diary read back (docs/api.md "Journals", docs/product.md "Read back"): the List view's
// pages and the search of one's own entries. Under journalKeys.all, so saving or deleting
// an entry (which invalidates that) refreshes them too.

export type { DiaryEntry, DiarySearchHit } from "@/lib/contract/diary";

/** docs/product.md "Read back": the search waits this long after the last keystroke. */
export const DIARY_SEARCH_DEBOUNCE_MS = 250;
export const LIST_FAILED = "Could not load your entries.";
export const SEARCH_FAILED = "Could not search your diary.";

export const diaryKeys = {
  timeline: [...journalKeys.all, "timeline"] as const,
  search: (q: string, tag: string | null) => [...journalKeys.all, "search", q, tag] as const,
};

async function failure(res: Response, fallback: string): Promise<ApiError> {
  return new ApiError(res.status, (res.status === 400 && (await errorMessage(res))) || fallback);
}

/** The List view: the writer's entries, newest day first, a page at a time. */
export function timelineQuery() {
  return infiniteQueryOptions({
    queryKey: diaryKeys.timeline,
    initialPageParam: null as string | null,
    getNextPageParam: (last: TimelinePage) => last.nextCursor,
    queryFn: async ({ pageParam, signal }): Promise<TimelinePage> => {
      const query = pageParam ? `?${new URLSearchParams({ cursor: pageParam })}` : "";
      const res = await apiRequest(`${apiPath("GET /api/journals")}${query}`, { signal });
      if (!res.ok) throw await failure(res, LIST_FAILED);
      return answerOf("GET /api/journals", res);
    },
  });
}

/**
 * The entries matching `q` and/or carrying `tag`, a page at a time. A newer text cancels the
 * request of an older one: TanStack aborts `signal` when its query is no longer watched.
 */
export function diarySearchQuery(q: string, tag: string | null) {
  return infiniteQueryOptions({
    queryKey: diaryKeys.search(q, tag),
    initialPageParam: null as string | null,
    getNextPageParam: (last: DiarySearchPage) => last.nextCursor,
    queryFn: async ({ pageParam, signal }): Promise<DiarySearchPage> => {
      const params = new URLSearchParams();
      if (q) params.set("q", q);
      if (tag) params.set("tag", tag);
      if (pageParam) params.set("cursor", pageParam);
      const res = await apiRequest(`${apiPath("GET /api/journals/search")}?${params}`, { signal });
      if (!res.ok) throw await failure(res, SEARCH_FAILED);
      return answerOf("GET /api/journals/search", res);
    },
  });
}
