import type { ApiAnswers } from "@/lib/api/endpoints";
import type { Journal } from "@/lib/contract/answers";
import { foldWord, parseSearch, searchTerms, snippetOf, type ParsedSearch } from "@/lib/journals/search-text";
import { TIMELINE_LIMIT_MAX } from "@/lib/validation/diary-limits";
import { apiPath } from "../api-path";
import type { Ask } from "./migrate";
import { openPage, type PageWords } from "./pages";

// Searching a locked diary (docs/decisions/115): the server cannot, so the browser reads the
// diary's pages newest first, opens the locked ones and matches them with the same rules as the
// server's search (lib/journals/search-text.ts: every word, "phrases" in order, the last word a
// prefix while typed, accents and case ignored). The next page of the list is asked for while this
// one is opened, and each hit is handed over as soon as it is found.

const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;

/** Whether `text` holds every group of `parsed` (a phrase's words in a row). */
export function textMatches(text: string, parsed: ParsedSearch): boolean {
  if (!parsed.words) return false;
  const words = (text.match(WORD) ?? []).map(foldWord);
  const terms = searchTerms(parsed);
  let t = 0;
  return parsed.groups.every((group) => {
    const wanted = terms.slice(t, (t += group.length));
    const fits = (i: number) =>
      wanted.every((w, k) => {
        const word = words[i + k];
        return word !== undefined && (w.prefix ? word.startsWith(w.folded) : word === w.folded);
      });
    return words.some((_, i) => fits(i));
  });
}

export interface LockedHit {
  journal: Journal;
  words: PageWords;
  snippet: string;
  ranges: [number, number][];
}

/**
 * Searches `owner`'s locked pages for `q`; `onHit` hears of each hit as it is found (newest day
 * first). A page that does not open for its place is skipped and counted, never shown.
 */
export async function searchLockedDiary({
  key,
  owner,
  ask,
  q,
  onHit,
  signal,
}: {
  key: CryptoKey;
  owner: string;
  ask: Ask;
  q: string;
  onHit: (hit: LockedHit) => void;
  signal?: AbortSignal;
}): Promise<{ searched: number; hits: number; unopened: number }> {
  const parsed = parseSearch(q);
  const terms = searchTerms(parsed);
  const result = { searched: 0, hits: 0, unopened: 0 };
  if (!parsed.words) return result;
  const fetchPage = async (cursor: string | null) => {
    const query = new URLSearchParams({ limit: String(TIMELINE_LIMIT_MAX), ...(cursor ? { cursor } : {}) });
    const res = await ask(`${apiPath("GET /api/journals")}?${query}`, { signal });
    if (!res.ok) throw new Error(`GET /api/journals answered ${res.status}`);
    return (await res.json()) as ApiAnswers["GET /api/journals"];
  };
  let next: ReturnType<typeof fetchPage> | null = fetchPage(null);
  while (next && !signal?.aborted) {
    const page: Awaited<ReturnType<typeof fetchPage>> = await next;
    next = page.nextCursor ? fetchPage(page.nextCursor) : null;
    const opened = await Promise.all(
      page.journals
        .filter((j) => j.locked)
        .map(async (journal) => {
          try {
            return { journal, words: await openPage({ key, owner, journal }) };
          } catch {
            result.unopened += 1;
            return null;
          }
        }),
    );
    for (const one of opened) {
      if (!one) continue;
      result.searched += 1;
      if (!textMatches(`${one.words.title}\n${one.words.content}`, parsed)) continue;
      result.hits += 1;
      onHit({ ...one, ...snippetOf(one.words.content, terms) });
    }
  }
  // A search given up leaves the page asked for ahead unread.
  next?.catch(() => undefined);
  return result;
}
