import type { Journal } from "@/lib/contract/answers";
import { foldWord, parseSearch, searchTerms, snippetOf, wordsOf, type ParsedSearch } from "@/lib/journals/search-text";
import { diaryPages, type Ask } from "./diary-pages";
import { openPage, type PageWords } from "./pages";

// Searching a locked diary (docs/decisions/115): the server cannot, so the browser reads the
// diary's pages newest first, opens the locked ones and matches them with the same rules as the
// server's search (lib/journals/search-text.ts: every word, "phrases" in order, the last word a
// prefix while typed, accents and case ignored). The next page of the list is asked for while this
// one is opened, and each hit is handed over as soon as it is found.

/** Whether `text` holds every group of `parsed` (a phrase's words in a row). */
export function textMatches(text: string, parsed: ParsedSearch): boolean {
  if (!parsed.words) return false;
  const words = wordsOf(text).map(foldWord);
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
  for await (const page of diaryPages(ask, signal)) {
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
  return result;
}
