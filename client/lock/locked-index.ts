import type { DiarySearchHit } from "@/lib/contract/diary";
import type { Journal } from "@/lib/contract/answers";
import { parseSearch, searchTerms, snippetOf } from "@/lib/journals/search-text";
import { apiFetch } from "../api";
import { diaryPages } from "./diary-pages";
import { openPage } from "./pages";
import { textMatches } from "./search";

// The locked pages of a diary, opened once on this device for its search (docs/diary-lock.md): the
// server cannot search them, so the browser reads the diary, opens each locked page and keeps
// its words in memory (the query cache, dropped by Lock now) until the diary changes.

export interface LockedPage {
  journal: Journal;
  title: string;
  content: string;
}

/** Every locked page of `owner`'s diary that opens with `key`, newest first; one that does not is left out. */
export async function buildLockedIndex(owner: string, key: CryptoKey, signal?: AbortSignal): Promise<LockedPage[]> {
  const pages: LockedPage[] = [];
  for await (const page of diaryPages((path, init) => apiFetch(path, init), signal)) {
    const opened = await Promise.all(
      page.journals
        .filter((j) => j.locked)
        .map((journal) =>
          openPage({ key, owner, journal }).then(
            (words) => ({ journal, title: words.title, content: words.content }),
            () => null,
          ),
        ),
    );
    for (const one of opened) if (one) pages.push(one);
  }
  return pages;
}

/** The locked pages matching `q` by the server's rules (lib/journals/search-text.ts), as search hits. */
export function searchLockedIndex(index: readonly LockedPage[], q: string): DiarySearchHit[] {
  const parsed = parseSearch(q);
  if (!parsed.words) return [];
  const terms = searchTerms(parsed);
  return index
    .filter((p) => textMatches(`${p.title}\n${p.content}`, parsed))
    .map((p) => ({ ...p.journal, title: p.title, content: p.content, ...snippetOf(p.content, terms) }));
}
