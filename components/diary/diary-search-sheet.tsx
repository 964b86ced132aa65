"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type KeyboardEvent } from "react";
import { DIARY_SEARCH_DEBOUNCE_MS, type DiarySearchHit } from "@/client/diary";
import { useDebouncedValue } from "@/client/search";
import { useWarmLockedSearch } from "@/components/lock/use-locked-search";
import { RadixModalDialog } from "@/components/ui/radix-modal-dialog";
import { DiarySearchField, DiarySearchResults, hitOptionId, useDiaryHits } from "./diary-search";
import { entryHref } from "./entry-link";

/**
 * The dialog of ./diary-search-dialog.tsx: results as one types, and opening a hit goes to its day.
 * The field is a combobox over the hits (./diary-search.tsx): ↓ and ↑ move through them, wrapping
 * round, Enter opens the active one, and Escape closes the dialog, whose content the list is.
 * Fetched after hydration, not with the page.
 */
export function DiarySearchSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const router = useRouter();
  const listId = `${useId()}-hits`;
  const [text, setText] = useState("");
  const [active, setActive] = useState(-1);
  const settled = useDebouncedValue(text, DIARY_SEARCH_DEBOUNCE_MS);
  const searching = text.trim() !== "" && settled.trim() !== "";
  // The same query as the results below (one request, one cache entry): the keys need the hits.
  const found = useDiaryHits(settled, null, searching);
  // A locked diary's pages are opened on this device while the dialog is open, before a word is typed.
  useWarmLockedSearch(open);
  const hits = searching ? found.hits : [];
  const activeHit = hits[active];
  const activeId = activeHit ? hitOptionId(listId, activeHit) : undefined;

  function close() {
    onClose();
    setText("");
    setActive(-1);
  }

  function choose(hit: DiarySearchHit) {
    router.push(entryHref(hit.journaldate));
    close();
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!hits.length) return;
      const step = e.key === "ArrowDown" ? 1 : -1;
      // From nothing active, ↓ goes to the first and ↑ to the last; both wrap round.
      setActive((i) =>
        i < 0 || i >= hits.length ? (step === 1 ? 0 : hits.length - 1) : (i + step + hits.length) % hits.length,
      );
    } else if (e.key === "Enter" && activeHit) {
      e.preventDefault();
      choose(activeHit);
    } else if (e.key === "Escape" && hits.length > 0) {
      // components/ui/radix-modal-dialog.tsx leaves an open combobox's Escape to it: the list is
      // the dialog's content, so it closes the dialog as it does with no list.
      close();
    }
  }

  return (
    <RadixModalDialog open={open} onClose={close} title="Search my diary">
      <div className="flex max-h-[70dvh] flex-col gap-4">
        <DiarySearchField
          value={text}
          onChange={(value) => {
            setText(value);
            setActive(-1);
          }}
          autoFocus
          combobox={{ listId, expanded: hits.length > 0, activeId, onKeyDown }}
        />
        <div className="min-h-0 overflow-y-auto p-1">
          {searching ? (
            <DiarySearchResults q={settled} tag={null} listbox={{ id: listId, activeId, onChoose: choose }} />
          ) : (
            <p className="text-sm text-ink-soft">Words, a “quoted phrase”, or the start of a word.</p>
          )}
        </div>
      </div>
    </RadixModalDialog>
  );
}
