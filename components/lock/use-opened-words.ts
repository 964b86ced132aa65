"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Journal } from "@/lib/contract/answers";
import { deviceKeyQuery, lockKeys, watchLockWhen } from "@/client/lock/keys";
import { sessionQuery } from "@/client/session";

/**
 * A locked page's own title and first lines where a list or a card shows it (the List, On This Day,
 * the dashboard), opened on a device holding the key (docs/diary-lock.md); null for a page that is
 * not locked, while it opens, or where it cannot be: the caller shows the placeholder.
 */
export function useOpenedWords(journal: Pick<Journal, "id" | "updatedAt" | "locked"> & Partial<Journal>) {
  const queryClient = useQueryClient();
  const owner = useQuery(sessionQuery()).data?.id ?? "";
  const locked = Boolean(journal.locked && owner);
  useEffect(() => watchLockWhen(queryClient, locked), [queryClient, locked]);
  const key = useQuery({ ...deviceKeyQuery(owner), enabled: locked });
  const words = useQuery({
    queryKey: lockKeys.words(owner, journal.id, journal.updatedAt),
    queryFn: async () => (await import("@/client/lock/actions")).openListWords(owner, key.data!, journal as Journal),
    enabled: locked && Boolean(key.data),
    staleTime: Infinity,
    retry: false,
  });
  return locked ? (words.data ?? null) : null;
}
