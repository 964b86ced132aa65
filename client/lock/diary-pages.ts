import type { ApiAnswers } from "@/lib/api/endpoints";
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
