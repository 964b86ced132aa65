"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import type { DiarySearchHit } from "@/client/diary";
import { deviceKeyQuery, lockKeys } from "@/client/lock/keys";
import { sessionQuery } from "@/client/session";

type LockedIndex = typeof import("@/client/lock/locked-index");
type LockedPage = import("@/client/lock/locked-index").LockedPage;

export interface LockedSearch {
  /** The server's hits with the locked pages found on this device in their place. */
  hits: DiarySearchHit[];
  /** The locked pages are still being opened: more hits may come. */
  searching: boolean;
  /** They could not be read (offline, a failure): the server's hits are all there is. */
  failed: boolean;
}

/**
 * The locked pages of the signed-in person's diary opened on this device for its search
 * (client/lock/locked-index.ts), a page of the List at a time, while `warm` (a search is open, or
 * about to be): opened once per version of the diary (a save of a locked page drops them) and
 * dropped with every opened page by Lock now (heard from the other tabs once this device's key is
 * read, ./keys.ts's deviceKeyQuery). Nothing for a person without the lock or on a
 * locked device, and none of the search's code is loaded for them: the matching, the ranking and
 * the query function all come with client/lock/locked-index.ts, on demand.
 */
function useLockedIndex(warm: boolean) {
  const owner = useQuery(sessionQuery()).data?.id;
  const key = useQuery({ ...deviceKeyQuery(owner ?? ""), enabled: Boolean(owner) });
  const open = Boolean(owner && key.data);
  const [code, setCode] = useState<LockedIndex | null>(null);
  useEffect(() => {
    if (open && warm && !code) void import("@/client/lock/locked-index").then(setCode);
  }, [open, warm, code]);
  const index = useQuery({
    queryKey: lockKeys.index(owner ?? ""),
    queryFn: async (context): Promise<LockedPage[][]> =>
      (await import("@/client/lock/locked-index")).lockedIndexQueryFn(owner!)(context),
    enabled: open && warm,
    staleTime: 60_000,
    retry: false,
    // Thousands of opened pages, a part more at a time: compared again on every part for nothing.
    structuralSharing: false,
  });
  return { open, code, index };
}

/**
 * The server's hits `server` for the words `q` and the chosen `tag`, with the hits among the locked
 * pages placed by the server's own rank (lib/journals/search-text.ts's mergeRanked), searched on
 * this device when it holds the key, as the pages are opened; the server's hits alone otherwise.
 */
export function useLockedSearch(server: DiarySearchHit[], q: string, tag: string | null = null): LockedSearch {
  const wanted = Boolean(q.trim() || tag);
  const { open, code, index } = useLockedIndex(wanted);
  const hits = useMemo(
    () =>
      code && wanted && index.data ? code.mergeRanked(server, code.searchLockedParts(index.data, q, tag), q) : server,
    [code, wanted, index.data, server, q, tag],
  );
  if (!open || !wanted) return { hits: server, searching: false, failed: false };
  return { hits, searching: !code || index.fetchStatus === "fetching", failed: index.isError };
}

/** Starts opening the locked pages while `when` (the search is open, or its field has the focus), before a word is typed. */
export function useWarmLockedSearch(when: boolean) {
  useLockedIndex(when);
}
