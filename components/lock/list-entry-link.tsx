"use client";

import type { DiaryEntry } from "@/client/diary";
import { EntryLink } from "@/components/diary/entry-link";
import { useOpenedWords } from "./use-opened-words";

/**
 * An entry of the List view (components/diary/diary-list.tsx): a locked one shows its own title and
 * first lines once this device has the key (opened in the browser, docs/diary-lock.md), the
 * placeholder otherwise. Its photo is opened on its day, not here.
 */
export function ListEntryLink({ entry }: { entry: DiaryEntry }) {
  const opened = useOpenedWords(entry);
  return opened ? (
    <EntryLink journal={{ ...entry, title: opened.title }} lines={opened.excerpt} />
  ) : (
    <EntryLink journal={entry} lines={entry.excerpt} />
  );
}
