import type { DiarySearchHit } from "@/lib/contract/diary";
import type { Journal } from "@/lib/contract/answers";
import { excerptOf, parseSearch, searchTerms, snippetOf } from "@/lib/journals/search-text";
import { splitTags } from "@/lib/journals/tags";
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

/** Whether `content` carries `tag` (case-folded, as lib/journals/tags.ts finds them). */
const hasTag = (content: string, tag: string) => splitTags(content).some((part) => "tag" in part && part.tag === tag);

/**
 * The locked pages matching `q` by the server's rules (lib/journals/search-text.ts), and carrying
 * `tag` when one is chosen (a tag alone lists every page with it), as search hits.
 */
export function searchLockedIndex(
  index: readonly LockedPage[],
  q: string,
  tag: string | null = null,
): DiarySearchHit[] {
  const parsed = parseSearch(q);
  if (!parsed.words && !tag) return [];
  const terms = searchTerms(parsed);
  const folded = tag?.replace(/^#/, "").toLowerCase() ?? null;
  return index
    .filter(
      (p) =>
        (!folded || hasTag(p.content, folded)) && (!parsed.words || textMatches(`${p.title}\n${p.content}`, parsed)),
    )
    .map((p) => ({
      ...p.journal,
      title: p.title,
      content: p.content,
      ...(parsed.words ? snippetOf(p.content, terms) : { snippet: excerptOf(p.content), ranges: [] }),
    }));
}
