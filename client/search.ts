import { queryOptions } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { SearchUser } from "@/lib/contract/answers";
import { answerOf, apiFetch } from "./api";
import { apiPath } from "./api-path";

// The navigation bar's people search (docs/api.md "People", docs/product.md §7).

/** One person in the search results: lib/contract's `SearchUser`. */
export type { SearchUser as FoundUser } from "@/lib/contract/answers";

/** docs/product.md §9: the search waits this long after the last keystroke before it asks. */
export const SEARCH_DEBOUNCE_MS = 300;

export const searchKeys = {
  query: (q: string) => ["people", "search", q] as const,
};

/**
 * The people matching `q`. docs/product.md §7 wants a failed search to look like an empty one, so every
 * failure (a 4xx, a 500, the network) resolves to `[]` instead of an error, and nothing is retried:
 * the next keystroke asks again anyway. Only a superseded request, cancelled through `signal`,
 * still throws, so TanStack drops it instead of caching an empty answer for that text.
 */
export function searchQuery(q: string) {
  return queryOptions({
    queryKey: searchKeys.query(q),
    retry: false,
    queryFn: async ({ signal }): Promise<SearchUser[]> => {
      let res: Response;
      try {
        res = await apiFetch(`${apiPath("GET /api/search")}?${new URLSearchParams({ q })}`, { signal });
      } catch (error) {
        if (signal.aborted) throw error;
        return [];
      }
      if (!res.ok) return [];
      try {
        return (await answerOf("GET /api/search", res)).users;
      } catch (error) {
        if (signal.aborted) throw error;
        return [];
      }
    },
  });
}

/**
 * `value`, once it has stopped changing for `delayMs`. Ten lines with a timer: a debounce library
 * (use-debounce and the like) would add a dependency for exactly this and nothing else we need.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
