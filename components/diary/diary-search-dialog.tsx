"use client";

import { useEffect, useState } from "react";
import { DIARY_SEARCH_DEBOUNCE_MS } from "@/client/diary";
import { useDebouncedValue } from "@/client/search";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { DiarySearchField, DiarySearchResults } from "./diary-search";

/** Ctrl+K, or ⌘+K on a Mac: the shortcut to the diary's search. */
function isSearchShortcut(e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }): boolean {
  return e.key.toLowerCase() === "k" && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;
}

/**
 * The search of one's own diary from any signed-in page (docs/product.md "Read back"): Ctrl/⌘+K
 * opens it in a dialog, results as one types, and opening a hit goes to its day.
 */
export function DiarySearchDialog() {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const settled = useDebouncedValue(text, DIARY_SEARCH_DEBOUNCE_MS);
  const searching = text.trim() !== "" && settled.trim() !== "";

  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (!isSearchShortcut(e)) return;
      e.preventDefault();
      setOpen(true);
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  function close() {
    setOpen(false);
    setText("");
  }

  return (
    <ModalDialog open={open} onClose={close} title="Search my diary">
      <div className="flex max-h-[70dvh] flex-col gap-4">
        <DiarySearchField value={text} onChange={setText} autoFocus />
        <div className="min-h-0 overflow-y-auto">
          {searching ? <DiarySearchResults q={settled} tag={null} onOpen={close} /> : <p className="text-sm text-ink-soft">Words, a “quoted phrase”, or the start of a word.</p>}
        </div>
      </div>
    </ModalDialog>
  );
}
