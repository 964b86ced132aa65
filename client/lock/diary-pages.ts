import type { ApiAnswers } from "@/lib/api/endpoints";
import type { Journal } from "@/lib/contract/answers";
import { TIMELINE_LIMIT_MAX } from "@/lib/validation/diary-limits";
import { apiPath } from "../api-path";

// The whole diary, a page of the List at a time, for the lock's work over every entry: sealing the
// existing ones (./migrate.ts) and searching the locked ones (./search.ts).

/** How a request reaches the API: apiFetch in the browser (the session's token), a fetch with a base URL and token elsewhere. */
export type Ask = (path: string, init?: RequestInit) => Promise<Response>;

type DiaryPage = ApiAnswers["GET /api/journals"];

/**
 * Every page of GET /api/journals, newest day first; the next is asked for while the caller works
 * on this one. Stops when `signal` is aborted.
 */
export async function* diaryPages(ask: Ask, signal?: AbortSignal): AsyncGenerator<DiaryPage> {
  const fetchPage = async (cursor: string | null): Promise<DiaryPage> => {
    const query = new URLSearchParams({ limit: String(TIMELINE_LIMIT_MAX), ...(cursor ? { cursor } : {}) });
    const res = await ask(`${apiPath("GET /api/journals")}?${query}`, { signal });
    if (!res.ok) throw new Error(`GET /api/journals answered ${res.status}`);
    return (await res.json()) as DiaryPage;
  };
  let next: Promise<DiaryPage> | null = fetchPage(null);
  try {
    while (next && !signal?.aborted) {
      const page: DiaryPage = await next;
      next = page.nextCursor ? fetchPage(page.nextCursor) : null;
      yield page;
    }
  } finally {
    // Given up early: the page asked for ahead is left unread.
    next?.catch(() => undefined);
  }
}

/** The page of one day as it is now, or null (gone): a page written meanwhile, read again. */
export async function rereadDay(ask: Ask, day: string): Promise<Journal | null> {
  const res = await ask(apiPath("GET /api/journals/date/{date}", { date: day }));
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`GET /api/journals/date answered ${res.status}`);
  return (await res.json()) as ApiAnswers["GET /api/journals/date/{date}"];
}

/**
 * Runs `settle` on every page of the diary that `wanted` picks, newest first, `concurrency` at a
 * time: the lock's work over a whole diary (sealing it, ./migrate.ts; opening it, ./turn-off.ts).
 * Stops between pages when `signal` is aborted.
 */
export async function eachDiaryPage({
  ask,
  wanted,
  settle,
  concurrency,
  signal,
}: {
  ask: Ask;
  wanted: (journal: Journal) => boolean;
  settle: (journal: Journal) => Promise<void>;
  concurrency: number;
  signal?: AbortSignal;
}): Promise<void> {
  for await (const page of diaryPages(ask, signal)) {
    const work = page.journals.filter(wanted);
    for (let i = 0; i < work.length; i += concurrency) {
      if (signal?.aborted) break;
      await Promise.all(work.slice(i, i + concurrency).map(settle));
    }
  }
}
