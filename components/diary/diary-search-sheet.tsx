"use client";

import { useState } from "react";
import { DIARY_SEARCH_DEBOUNCE_MS } from "@/client/diary";
import { useDebouncedValue } from "@/client/search";
import { RadixModalDialog } from "@/components/ui/radix-modal-dialog";
import { DiarySearchField, DiarySearchResults } from "./diary-search";

/**
 * The dialog of ./diary-search-dialog.tsx: results as one types, and opening a hit goes to its day.
 * Fetched after hydration, not with the page.
 */
export function DiarySearchSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [text, setText] = useState("");
  const settled = useDebouncedValue(text, DIARY_SEARCH_DEBOUNCE_MS);
  const searching = text.trim() !== "" && settled.trim() !== "";

  function close() {
    onClose();
    setText("");
  }

  return (
    <RadixModalDialog open={open} onClose={close} title="Search my diary">
      <div className="flex max-h-[70dvh] flex-col gap-4">
        <DiarySearchField value={text} onChange={setText} autoFocus />
        <div className="min-h-0 overflow-y-auto">
          {searching ? <DiarySearchResults q={settled} tag={null} onOpen={close} /> : <p className="text-sm text-ink-soft">Words, a “quoted phrase”, or the start of a word.</p>}
        </div>
      </div>
    </RadixModalDialog>
  );
}
