import type { InfiniteData } from "@tanstack/react-query";
import type { FeedPage } from "@/lib/contract/answers";

// The browser's query-cache keys of what a server-rendered page hands it (docs/decisions/020, 027):
// the page fills the cache under these keys, and client/ reads and refreshes them. Here rather than
// in client/, so that no server module imports the browser's data layer (docs/decisions/047).

export const journalKeys = {
  all: ["journals"] as const,
  day: (day: string) => ["journals", "day", day] as const,
  month: (year: number, month: number) => ["journals", "month", year, month] as const,
};

export const feedKeys = {
  all: ["feed"] as const,
};

/** The feed's pages as the browser's infinite query holds them, keyed by each page's cursor. */
export type FeedData = InfiniteData<FeedPage, string | null>;

export const meKeys = {
  profile: ["me", "profile"] as const,
  friendCount: ["me", "community", "count"] as const,
  friends: ["me", "community", "closefriends"] as const,
};

/** The signed-in person (GET /api/auth/me), which every signed-in screen reads in the browser (docs/decisions/084). */
export const sessionKeys = {
  me: ["session", "me"] as const,
};
