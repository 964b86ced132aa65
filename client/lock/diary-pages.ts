import type { ApiAnswers } from "@/lib/api/endpoints";
import type { Journal } from "@/lib/contract/answers";
import { TIMELINE_LIMIT_MAX } from "@/lib/validation/diary-limits";
import { apiPath } from "../api-path";
import { ApiError } from "../api-error";

// The whole diary, a page of the List at a time, for the lock's work over every entry: sealing the
// existing ones (./migrate.ts), opening them (./turn-off.ts), and searching the locked ones
// (./search.ts, ./locked-index.ts).

/** How a request reaches the API: apiFetch in the browser (the session's token), a fetch with a base URL and token elsewhere. */
export type Ask = (path: string, init?: RequestInit) => Promise<Response>;

/** A refused request's status (an ApiError's), which a run over the diary reports as its page's; anything else is thrown on. */
export function statusOf(error: unknown): number {
  if (error instanceof ApiError) return error.status;
  throw error;
}

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

/**
 * Writes `form` over `journal` as it was read (PUT /api/journals/{id} with If-Match on its
 * updatedAt, so a newer version is never overwritten): the lock's work over a whole diary
 * (./migrate.ts seals a page, ./turn-off.ts opens one, ./import-day-one.ts adds to one). No
 * Idempotency-Key: each sealing is new bytes (fresh nonces), and a lost answer is settled by the
 * next run, which reads the page again.
 */
export function putPage(ask: Ask, journal: Pick<Journal, "id" | "updatedAt">, form: FormData): Promise<Response> {
  return ask(apiPath("PUT /api/journals/{id}", { id: journal.id }), {
    method: "PUT",
    body: form,
    headers: { "If-Match": `"${journal.updatedAt}"` },
  });
}

/** The first day of `year`, as a cursor: the pages asked for with it hold the days before that year. */
const yearStart = (year: number) => `${String(year).padStart(4, "0")}-01-01`;

/**
 * Every entry of the diary once, in no set order, in parts: the entries of every page of the List
 * that came while the caller worked on the last part. Several years are asked for at once, each
 * from its own cursor (the first day of the next year), so the server and the page work side by
 * side (the search of a locked diary, ./locked-index.ts); 200 entries a request, because each
 * request costs the server more than its rows do (docs/decisions/123). A year's first answer also
 * says where the diary goes on: nothing before it (no older year is asked for), or a day of an
 * older year (the years between are skipped).
 */
export async function* diaryPagesAtOnce(
  ask: Ask,
  lanes = 3,
  thisYear = new Date().getUTCFullYear(),
): AsyncGenerator<Journal[]> {
  const ready: Journal[][] = [];
  let wake: (() => void) | null = null;
  const failures: unknown[] = [];
  let stopped = false;
  let running = 0;
  /** The newest year not asked for yet; none below `oldest`. */
  let nextYear = thisYear - 1;
  let oldest = 1;
  const tell = () => {
    wake?.();
    wake = null;
  };
  const fetchPage = async (cursor: string | null): Promise<DiaryPage> => {
    const query = new URLSearchParams({ limit: String(TIMELINE_LIMIT_MAX), ...(cursor ? { cursor } : {}) });
    const res = await ask(`${apiPath("GET /api/journals")}?${query}`);
    if (!res.ok) throw new Error(`GET /api/journals answered ${res.status}`);
    return (await res.json()) as DiaryPage;
  };
  /** The entries of `year` (and, for the newest lane, every later day), newest first. */
  const readYear = async (year: number, newest: boolean) => {
    const floor = yearStart(year);
    let cursor = newest ? null : yearStart(year + 1);
    for (let first = true; !stopped; first = false) {
      const page = await fetchPage(cursor);
      const mine = page.journals.filter((j) => j.journaldate >= floor);
      if (mine.length) {
        ready.push(mine);
        tell();
      }
      const older = page.journals.find((j) => j.journaldate < floor);
      if (!older && !page.nextCursor) {
        // The diary ends in this year: nothing older to ask for.
        oldest = Math.max(oldest, year + 1);
        return;
      }
      if (older) {
        // The next day written is in an older year: the years between have none.
        if (first) nextYear = Math.min(nextYear, Number(older.journaldate.slice(0, 4)));
        return;
      }
      cursor = page.nextCursor;
    }
  };
  const start = (year: number, newest: boolean) => {
    running += 1;
    readYear(year, newest).then(
      () => {
        running -= 1;
        while (!stopped && running < lanes && nextYear >= oldest) start(nextYear--, false);
        tell();
      },
      (error: unknown) => {
        running -= 1;
        failures.push(error);
        tell();
      },
    );
  };
  start(thisYear, true);
  while (running < lanes && nextYear >= oldest) start(nextYear--, false);
  try {
    for (;;) {
      if (failures.length) throw failures[0];
      // Everything that came while the caller worked, at once: one step of its work, not one per page.
      const part = ready.splice(0).flat();
      if (part.length) yield part;
      else if (running === 0) return;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    stopped = true;
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
