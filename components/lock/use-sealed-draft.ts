"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { loadSealedDraft, type DiaryDraft } from "@/client/diary-drafts";
import { deviceKeyQuery, lockKeys } from "@/client/lock/keys";

/** A day's sealed draft on this device: none, opening, opened, or kept locked (no key here). */
export type SealedDraft =
  { status: "none" } | { status: "opening" } | { status: "open"; draft: DiaryDraft } | { status: "locked" };

/**
 * The day's draft as a locked diary keeps it (client/lock/drafts.ts), opened with this device's key.
 * `read`: whether to read it now (the day is shown); `again` changes when it should be read again.
 * A draft that does not open here is "none": it cannot be read, and the next words replace it.
 */
export function useSealedDraft(owner: string, day: string, read: boolean, again: unknown): SealedDraft {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `again` is the reason to read storage again
  const sealed = useMemo(() => (read ? loadSealedDraft(owner, day) : null), [owner, day, read, again]);
  const key = useQuery({ ...deviceKeyQuery(owner), enabled: Boolean(sealed) });
  const opened = useQuery({
    queryKey: [...lockKeys.all, "draft", owner, day, sealed ?? ""],
    queryFn: async () => (await import("@/client/lock/drafts")).openDraft(key.data!, owner, day, sealed!),
    enabled: Boolean(sealed && key.data),
    staleTime: Infinity,
    retry: false,
  });
  if (!sealed) return { status: "none" };
  if (key.isPending) return { status: "opening" };
  if (!key.data) return { status: "locked" };
  if (opened.isPending) return { status: "opening" };
  return opened.data ? { status: "open", draft: opened.data } : { status: "none" };
}
