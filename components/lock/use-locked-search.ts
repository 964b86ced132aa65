"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { DiarySearchHit } from "@/client/diary";
import { deviceKeyQuery, lockKeys, watchLock } from "@/client/lock/state";
import { sessionQuery } from "@/client/session";

export interface LockedSearch {
  hits: DiarySearchHit[];
  /** The locked pages are still being opened for the first search. */
  searching: boolean;
  /** They could not be read (offline, a failure): the server's hits are all there is. */
  failed: boolean;
}

const NONE: LockedSearch = { hits: [], searching: false, failed: false };

/**
 * The hits among the locked pages of the signed-in person's diary (client/lock/locked-index.ts) for
 * the words `q` and the chosen `tag`,
 * searched on this device when it holds the key; nothing otherwise. The pages are opened once per
 * version of the diary (the index sits under the journals' keys, which every save refreshes) and
 * dropped with every opened page by Lock now.
 */
export function useLockedSearch(q: string, tag: string | null = null): LockedSearch {
  const queryClient = useQueryClient();
  useEffect(() => watchLock(queryClient), [queryClient]);
  const owner = useQuery(sessionQuery()).data?.id;
  const key = useQuery({ ...deviceKeyQuery(owner ?? ""), enabled: Boolean(owner) });
  const ready = Boolean(owner && key.data && (q.trim() || tag));
  const hits = useQuery({
    queryKey: [...lockKeys.all, "search", owner ?? "", q, tag],
    queryFn: async ({ signal }) => {
      const { buildLockedIndex, searchLockedIndex } = await import("@/client/lock/locked-index");
      const index = await queryClient.fetchQuery({
        queryKey: lockKeys.index(owner!),
        queryFn: () => buildLockedIndex(owner!, key.data!, signal),
        staleTime: 60_000,
      });
      return searchLockedIndex(index, q, tag);
    },
    enabled: ready,
    staleTime: 60_000,
    retry: false,
  });
  if (!ready) return NONE;
  return { hits: hits.data ?? [], searching: hits.isPending, failed: hits.isError };
}
