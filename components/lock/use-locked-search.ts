"use client";

import { experimental_streamedQuery as streamedQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import type { DiarySearchHit } from "@/client/diary";
import { deviceKeyQuery, lockKeys, watchLock } from "@/client/lock/state";
import { sessionQuery } from "@/client/session";

type LockedIndex = typeof import("@/client/lock/locked-index");
type LockedPage = import("@/client/lock/locked-index").LockedPage;

export interface LockedSearch {
  hits: DiarySearchHit[];
  /** The locked pages are still being opened: more hits may come. */
  searching: boolean;
  /** They could not be read (offline, a failure): the server's hits are all there is. */
  failed: boolean;
}

const NONE: LockedSearch = { hits: [], searching: false, failed: false };

/**
 * The locked pages of the signed-in person's diary opened on this device for its search
 * (client/lock/locked-index.ts), a page of the List at a time, while `warm` (a search is open, or
 * about to be): opened once per version of the diary (a save of a locked page drops them) and
 * dropped with every opened page by Lock now. Nothing for a person without the lock or on a
 * locked device, and none of the lock's code is loaded for them.
 */
function useLockedIndex(warm: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => watchLock(queryClient), [queryClient]);
  const owner = useQuery(sessionQuery()).data?.id;
  const key = useQuery({ ...deviceKeyQuery(owner ?? ""), enabled: Boolean(owner) });
  const open = Boolean(owner && key.data);
  const [code, setCode] = useState<LockedIndex | null>(null);
  useEffect(() => {
    if (open && warm && !code) void import("@/client/lock/locked-index").then(setCode);
  }, [open, warm, code]);
  const index = useQuery({
    queryKey: lockKeys.index(owner ?? ""),
    queryFn: streamedQuery<LockedPage[]>({
      // Not stopped by the search closing: a search opened again finds the pages opened meanwhile.
      // Lock now (client/lock/state.ts's lockChanged) cancels it, and the key is read afresh, so a
      // forgotten key opens nothing more.
      streamFn: async ({ client }) => {
        const key = owner ? await client.fetchQuery(deviceKeyQuery(owner)) : null;
        if (!owner || !key) return (async function* () {})();
        return (await import("@/client/lock/locked-index")).lockedIndexParts(owner, key);
      },
    }),
    enabled: open && warm,
    staleTime: 60_000,
    retry: false,
  });
  return { open, code, index };
}

/**
 * The hits among the locked pages for the words `q` and the chosen `tag`, searched on this device
 * when it holds the key, as the pages are opened; nothing otherwise.
 */
export function useLockedSearch(q: string, tag: string | null = null): LockedSearch {
  const wanted = Boolean(q.trim() || tag);
  const { open, code, index } = useLockedIndex(wanted);
  const hits = useMemo(
    () => (code && wanted && index.data ? code.searchLockedParts(index.data, q, tag) : []),
    [code, wanted, index.data, q, tag],
  );
  if (!open || !wanted) return NONE;
  return { hits, searching: !code || index.fetchStatus === "fetching", failed: index.isError };
}

/** Starts opening the locked pages while `when` (the search is open, or its field has the focus), before a word is typed. */
export function useWarmLockedSearch(when: boolean) {
  useLockedIndex(when);
}
