import { queryOptions } from "@tanstack/react-query";
import type { FeedItem } from "@/lib/contract/answers";
import type { MoodYear, OnThisDay, WritingStats } from "@/lib/contract/past";
import { answerOf } from "./api";
import { apiPath } from "./api-path";
import { ApiError } from "./api-error";
import { apiRequest } from "./query-client";

// The past, read back (docs/api.md "Journals", docs/decisions/062, 137): On This Day, the writing
// stats, the year's moods, and the few newest friends' entries the dashboard shows.

export type { MoodYear, OnThisDay, WritingStats } from "@/lib/contract/past";

export const ON_THIS_DAY_FAILED = "Could not load On This Day";
export const STATS_FAILED = "Could not load your writing streaks";
export const MOODS_FAILED = "Could not load your moods";
export const NEWEST_FAILED = "Could not load your friends' newest entries";

export const pastKeys = {
  onThisDay: (day: string) => ["journals", "on-this-day", day] as const,
  stats: (year: number) => ["journals", "stats", year] as const,
  // Under ["journals"], so a save or a delete of a page, which refreshes those, refreshes them too.
  moods: (year: number) => ["journals", "moods", year] as const,
  newestFriends: ["feed", "newest"] as const,
};

export function onThisDayQuery(day: string) {
  return queryOptions({
    queryKey: pastKeys.onThisDay(day),
    queryFn: async ({ signal }): Promise<OnThisDay> => {
      const res = await apiRequest(`${apiPath("GET /api/journals/on-this-day")}?date=${day}`, { signal });
      if (!res.ok) throw new ApiError(res.status, ON_THIS_DAY_FAILED);
      return answerOf("GET /api/journals/on-this-day", res);
    },
  });
}

export function statsQuery(year: number) {
  return queryOptions({
    queryKey: pastKeys.stats(year),
    queryFn: async ({ signal }): Promise<WritingStats> => {
      const res = await apiRequest(`${apiPath("GET /api/journals/stats")}?year=${year}`, { signal });
      if (!res.ok) throw new ApiError(res.status, STATS_FAILED);
      return answerOf("GET /api/journals/stats", res);
    },
  });
}

export function moodsQuery(year: number) {
  return queryOptions({
    queryKey: pastKeys.moods(year),
    queryFn: async ({ signal }): Promise<MoodYear> => {
      const res = await apiRequest(`${apiPath("GET /api/journals/moods")}?year=${year}`, { signal });
      if (!res.ok) throw new ApiError(res.status, MOODS_FAILED);
      return answerOf("GET /api/journals/moods", res);
    },
  });
}

/** How many friends' entries the dashboard shows. */
export const NEWEST_FRIENDS = 3;

/** The first few entries of the feed (they count as read, as the feed's do: docs/decisions/026). */
export function newestFriendsQuery() {
  return queryOptions({
    queryKey: pastKeys.newestFriends,
    queryFn: async ({ signal }): Promise<FeedItem[]> => {
      const res = await apiRequest(`${apiPath("GET /api/journal/close-circle")}?page=1&limit=${NEWEST_FRIENDS}`, {
        signal,
      });
      if (!res.ok) throw new ApiError(res.status, NEWEST_FAILED);
      return (await answerOf("GET /api/journal/close-circle", res)).journals;
    },
  });
}
