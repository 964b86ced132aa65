import { useEffect } from "react";
import { addDays, parseDayKey, type DayKey } from "@/lib/dates/local-day";
import type { JournalDay } from "@/lib/contract/answers";
import { apiFetch } from "./api";
import { apiPath } from "./api-path";
import { feedPagePath } from "./feed";
import { readWarmed, writeWarmed } from "./offline-warmed";

// Offline reading (docs/decisions/080, docs/product.md "Installing and offline"): while online, the
// diary fetches once a day what the service worker needs to open its last OFFLINE_DAYS days
// offline even if they were not visited: the months' marks, then each day that has an entry, the
// List's and the feed's first pages, who is signed in and the diary's page itself (a first visit's
// came before the worker, docs/decisions/100). The worker keeps the answers (client/worker/caching.ts).

/** How far back the diary opens offline, counting today. */
export const OFFLINE_DAYS = 60;
/** At most this many of the warming's requests at once, so it never crowds the screen's own. */
const WARM_CONCURRENCY = 3;

/** The months that hold the last OFFLINE_DAYS days up to `today`, oldest first. */
export function offlineMonths(today: DayKey): { year: number; month: number }[] {
  const months: { year: number; month: number }[] = [];
  for (let day = addDays(today, 1 - OFFLINE_DAYS); day <= today; day = addDays(day, 1)) {
    const { year, month } = parseDayKey(day);
    if (!months.some((m) => m.year === year && m.month === month)) months.push({ year, month });
  }
  return months;
}

async function readOk<T>(path: string): Promise<T | null> {
  const res = await apiFetch(path, { priority: "low" });
  if (!res.ok) return null;
  const body: T = await res.json();
  return body;
}

/**
 * The diary's page, asked as the worker keeps a page it is asked for (client/worker/caching.ts):
 * as HTML, and never followed to /login (a redirect is not a page to keep).
 */
async function readDiaryPage(): Promise<boolean> {
  const res = await fetch("/my-diary", {
    headers: { Accept: "text/html" },
    credentials: "same-origin",
    redirect: "manual",
    priority: "low",
  });
  return res.ok;
}

/** Runs `work` over `items`, WARM_CONCURRENCY at a time; true when every one succeeded. */
async function eachBounded<T>(items: T[], work: (item: T) => Promise<boolean>): Promise<boolean> {
  let next = 0;
  let ok = true;
  const lane = async () => {
    while (next < items.length) ok = (await work(items[next++]!)) && ok;
  };
  await Promise.all(Array.from({ length: WARM_CONCURRENCY }, lane));
  return ok;
}

/**
 * Fetches, through the service worker, what the last OFFLINE_DAYS days of `userId`'s diary and
 * the feed need offline; at most once a day per person and browser, and only when the worker
 * controls the page (otherwise nothing would keep the answers). A failure is silent: the next
 * load of the diary tries again.
 */
export async function warmOfflineDiary({ userId, today }: { userId: string; today: DayKey }): Promise<void> {
  if (!navigator.serviceWorker?.controller || !navigator.onLine) return;
  const stamp = `${userId} ${today}`;
  if (readWarmed() === stamp) return;
  const from = addDays(today, 1 - OFFLINE_DAYS);
  try {
    const days: DayKey[] = [];
    const monthsOk = await eachBounded(offlineMonths(today), async ({ year, month }) => {
      const marks = await readOk<JournalDay[]>(apiPath("GET /api/journals/month/{year}/{month}", { year, month }));
      for (const { journaldate } of marks ?? [])
        if (journaldate >= from && journaldate <= today) days.push(journaldate);
      return marks !== null;
    });
    const pages = [
      ...days.map((day) => apiPath("GET /api/journals/date/{date}", { date: day })),
      apiPath("GET /api/journals"),
      feedPagePath(null),
      apiPath("GET /api/auth/me"),
    ];
    const pagesOk = await eachBounded(pages, async (path) => (await readOk<unknown>(path)) !== null);
    if (monthsOk && pagesOk && (await readDiaryPage())) writeWarmed(stamp);
  } catch {
    // Offline again, or the server is busy: the next load of the diary tries again.
  }
}

/** The diary's part: warm once the worker controls the page (on a first visit, once it has taken it). */
export function useWarmOfflineDiary(userId: string, today: DayKey): void {
  useEffect(() => {
    const container = navigator.serviceWorker;
    if (!container) return;
    const warm = () => void warmOfflineDiary({ userId, today });
    if (container.controller) warm();
    else container.addEventListener("controllerchange", warm, { once: true });
    return () => container.removeEventListener("controllerchange", warm);
  }, [userId, today]);
}
