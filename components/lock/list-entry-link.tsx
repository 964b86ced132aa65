"use client";

import { useQuery } from "@tanstack/react-query";
import type { DiaryEntry } from "@/client/diary";
import { deviceKeyQuery, lockKeys } from "@/client/lock/state";
import { EntryLink } from "@/components/diary/entry-link";

/**
 * An entry of the List view (components/diary/diary-list.tsx): a locked one shows its own title and
 * first lines once this device has the key (opened in the browser, docs/diary-lock.md), the
 * placeholder otherwise. Its photo is opened on its day, not here.
 */
export function ListEntryLink({ owner, entry }: { owner: string; entry: DiaryEntry }) {
  const locked = Boolean(entry.locked);
  const key = useQuery({ ...deviceKeyQuery(owner), enabled: locked });
  const words = useQuery({
    queryKey: lockKeys.words(owner, entry.id, entry.updatedAt),
    queryFn: async () => (await import("@/client/lock/actions")).openListWords(owner, key.data!, entry),
    enabled: locked && Boolean(key.data),
    staleTime: Infinity,
    retry: false,
  });
  const opened = words.data;
  return opened ? (
    <EntryLink journal={{ ...entry, title: opened.title }} lines={opened.excerpt} />
  ) : (
    <EntryLink journal={entry} lines={entry.excerpt} />
  );
}
