import { experimental_streamedQuery as streamedQuery, type QueryFunctionContext } from "@tanstack/react-query";
import type { DiarySearchHit } from "@/lib/contract/diary";
import type { Journal } from "@/lib/contract/answers";
import {
  excerptOf,
  foldedTextMatch,
  foldedTextOf,
  parseSearch,
  searchTerms,
  snippetOf,
} from "@/lib/journals/search-text";
import { splitTags } from "@/lib/journals/tags";
import { apiFetch } from "../api";
import { diaryPagesAtOnce, type Ask } from "./diary-pages";
import { openPage } from "./pages";
import { deviceKeyQuery } from "./keys";

export { mergeRanked } from "@/lib/journals/search-text";

// The locked pages of a diary, opened on this device for its search (docs/diary-lock.md): the
// server cannot search them, so the browser reads the diary, opens each locked page
// and keeps its words in memory (the query cache, dropped by Lock now) until the diary changes.
// The pages come a part at a time (one page of the List each), and the search looks at each part
// as it comes: a hit is listed once its page is opened, not once the whole diary is.

export interface LockedPage {
  journal: Journal;
  title: string;
  content: string;
  /** The words of the title and text as the search compares them, one string (lib/journals/search-text.ts's foldedTextOf). */
  folded: string;
  /** Its #tags, case-folded (lib/journals/tags.ts). */
  tags: string[];
}

/** An opened locked page as the search keeps it: its words folded and its tags found once. */
export function lockedPageOf(journal: Journal, { title, content }: { title: string; content: string }): LockedPage {
  return {
    journal,
    title,
    content,
    folded: foldedTextOf(`${title}\n${content}`),
    tags: splitTags(content).flatMap((part) => ("tag" in part ? [part.tag] : [])),
  };
}

/**
 * The locked pages of `owner`'s diary that open with `key`, a page of the List at a time as the
 * server's answers come (several years at once: ./diary-pages.ts's diaryPagesAtOnce); one that does
 * not open is left out.
 */
export async function* lockedIndexParts(
  owner: string,
  key: CryptoKey,
  ask: Ask = (path, init) => apiFetch(path, init),
): AsyncGenerator<LockedPage[]> {
  for await (const entries of diaryPagesAtOnce(ask)) {
    const opened = await Promise.all(
      entries
        .filter((j) => j.locked)
        .map((journal) =>
          openPage({ key, owner, journal }).then(
            (words) => lockedPageOf(journal, words),
            () => null,
          ),
        ),
    );
    const part = opened.filter((one): one is LockedPage => one !== null);
    if (part.length) yield part;
  }
}

/** What one part matched for one search: a part is matched once per search, however often it is asked. */
const matched = new WeakMap<readonly LockedPage[], { search: string; hits: DiarySearchHit[] }>();

/**
 * The locked pages of `parts` matching `q` by the server's rules (lib/journals/search-text.ts), and
 * carrying `tag` when one is chosen (a tag alone lists every page with it), as search hits.
 */
export function searchLockedParts(
  parts: readonly (readonly LockedPage[])[],
  q: string,
  tag: string | null = null,
): DiarySearchHit[] {
  const parsed = parseSearch(q);
  if (!parsed.words && !tag) return [];
  const terms = searchTerms(parsed);
  const folded = tag?.replace(/^#/, "").toLowerCase() ?? null;
  const search = `${q}\u0000${folded ?? ""}`;
  return parts.flatMap((part) => {
    const known = matched.get(part);
    if (known?.search === search) return known.hits;
    const hits = part
      .filter((p) => (!folded || p.tags.includes(folded)) && (!parsed.words || foldedTextMatch(p.folded, parsed)))
      .map((p) => ({
        ...p.journal,
        title: p.title,
        content: p.content,
        ...(parsed.words ? snippetOf(p.content, terms) : { snippet: excerptOf(p.content), ranges: [] }),
      }));
    matched.set(part, { search, hits });
    return hits;
  });
}

/**
 * The query function of `owner`'s opened locked pages (components/lock/use-locked-search.ts): the
 * parts as they come, each one the query's data as soon as it is opened. Not stopped by the search
 * closing, so a search opened again finds the pages opened meanwhile; Lock now
 * (./state.ts's lockChanged) cancels it, and the key is read afresh, so a forgotten key opens nothing.
 */
export function lockedIndexQueryFn(owner: string) {
  return streamedQuery<LockedPage[]>({
    streamFn: async ({ client }: Pick<QueryFunctionContext, "client">) => {
      const key = await client.fetchQuery(deviceKeyQuery(owner));
      return key ? lockedIndexParts(owner, key) : (async function* () {})();
    },
  });
}
