import type { Person } from "./friends";
import type { FeedItem } from "./feed";
import { api } from "./http";

// Helpers for On This Day, the writing stats and the year's moods (docs/api.md "Journals",
// docs/decisions/062, 137).

export interface OnThisDayAnswer {
  mine: { id: string; journaldate: string; title: string; visibility: string }[];
  friends: FeedItem[];
}

export interface StatsAnswer {
  currentStreak: number;
  longestStreak: number;
  daysWritten: number;
  totalEntries: number;
  days: Record<string, 1>;
}

export interface MoodsAnswer {
  year: number;
  days: Record<string, number>;
  averageMood: number | null;
  activities: { name: string; days: number; averageMood: number }[];
}

export function onThisDay(who: Person | undefined, query: string, cookie?: string) {
  return api<OnThisDayAnswer>(`/api/journals/on-this-day${query ? `?${query}` : ""}`, { token: who?.token, cookie });
}

/** GET /api/journals/stats, the writer's zone hint sent as the app's `inkwell_tz` cookie when given. */
export function stats(who: Person | undefined, query = "", zone?: string) {
  return api<StatsAnswer>(`/api/journals/stats${query ? `?${query}` : ""}`, {
    token: who?.token,
    cookie: zone ? `inkwell_tz=${encodeURIComponent(zone)}` : undefined,
  });
}

/** GET /api/journals/moods, the writer's zone hint sent as the app's `inkwell_tz` cookie when given. */
export function moods(who: Person | undefined, query = "", zone?: string) {
  return api<MoodsAnswer>(`/api/journals/moods${query ? `?${query}` : ""}`, {
    token: who?.token,
    cookie: zone ? `inkwell_tz=${encodeURIComponent(zone)}` : undefined,
  });
}

/** `key` moved by `days` (UTC arithmetic on a plain calendar day). */
export function shiftDay(key: string, days: number): string {
  return new Date(Date.parse(`${key}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
