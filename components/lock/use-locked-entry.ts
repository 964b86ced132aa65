"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Journal } from "@/client/journals";
import { deviceKeyQuery, lockKeys, watchLockWhen } from "@/client/lock/keys";

/** How a day's entry shows: readable (or opened), still opening, locked on this device, or not openable. */
export type LockedEntry =
  | { status: "plain"; entry: Journal | null | undefined }
  | { status: "open"; entry: Journal }
  | { status: "opening" }
  | { status: "locked" }
  | { status: "damaged"; entry: Journal; message: string };

const NOT_OPENED = "This page could not be opened on this device. Reload the page; if it stays so, unlock again.";

/** The query that opens a locked page with this device's key (client/lock/actions.ts), cached per version. */
export function openedEntryQuery(owner: string, journal: Journal, key: CryptoKey | null | undefined) {
  return {
    queryKey: lockKeys.opened(owner, journal.id, journal.updatedAt),
    queryFn: async () => {
      const { openJournal } = await import("@/client/lock/actions");
      if (!key) throw new Error("No key on this device");
      return openJournal(owner, key, journal);
    },
    enabled: Boolean(key),
    staleTime: Infinity,
    structuralSharing: false,
    retry: false,
  } as const;
}

/**
 * A day's entry as the diary shows it (docs/diary-lock.md): a locked one is opened with this
 * device's key, in the browser; without the key it stays locked, and one that does not open for
 * its place is "damaged", never shown as garbage.
 */
export function useLockedEntry(owner: string, journal: Journal | null | undefined): LockedEntry {
  const locked = Boolean(journal?.locked);
  const queryClient = useQueryClient();
  useEffect(() => watchLockWhen(queryClient, locked), [queryClient, locked]);
  const key = useQuery({ ...deviceKeyQuery(owner), enabled: locked });
  const opened = useQuery({
    ...openedEntryQuery(owner, journal ?? PLACEHOLDER, key.data),
    enabled: locked && Boolean(key.data),
  });
  if (!journal || !locked) return { status: "plain", entry: journal };
  if (key.isPending) return { status: "opening" };
  if (!key.data) return { status: "locked" };
  if (opened.isPending) return { status: "opening" };
  if (opened.isError) return { status: "damaged", entry: journal, message: NOT_OPENED };
  return opened.data.status === "open"
    ? { status: "open", entry: opened.data.journal }
    : { status: "damaged", entry: journal, message: opened.data.message };
}

/** Stands in for no journal in a disabled query's key. */
const PLACEHOLDER = { id: "", updatedAt: "" } as Journal;
