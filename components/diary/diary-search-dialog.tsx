"use client";

import { useEffect, useState } from "react";
import { onDemand } from "@/components/ui/on-demand";

// The dialog and the search's code are no page's first-load JavaScript (docs/performance.md,
// "First-load JavaScript"): only the shortcut is, and the rest is fetched once the page has hydrated.
const sheet = onDemand(() => import("./diary-search-sheet"));

/** Ctrl+K, or ⌘+K on a Mac: the shortcut to the diary's search. */
function isSearchShortcut(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}): boolean {
  return e.key.toLowerCase() === "k" && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;
}

/**
 * The search of one's own diary from any signed-in page (docs/product.md "Read back"): Ctrl/⌘+K
 * opens it in a dialog (./diary-search-sheet.tsx), results as one types, and opening a hit goes to its day.
 */
export function DiarySearchDialog() {
  const [open, setOpen] = useState(false);
  const loaded = sheet.useLoaded(open);

  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (!isSearchShortcut(e)) return;
      e.preventDefault();
      setOpen(true);
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return loaded ? <loaded.DiarySearchSheet open={open} onClose={() => setOpen(false)} /> : null;
}
