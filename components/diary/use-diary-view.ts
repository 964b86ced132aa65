"use client";

import { useCallback, useSyncExternalStore } from "react";

// Which view /my-diary opens in, the calendar or the List, remembered on this device
// (docs/product.md "Read back"). The server always renders the calendar; a remembered List takes
// over once the page runs (useSyncExternalStore's server snapshot keeps hydration exact).

export type DiaryView = "calendar" | "list";

const KEY = "inkwell:diary-view";
const CHANGED = "inkwell:diary-view-changed";

function read(): DiaryView {
  try {
    return window.localStorage.getItem(KEY) === "list" ? "list" : "calendar";
  } catch {
    return "calendar";
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

export function useDiaryView(): [DiaryView, (view: DiaryView) => void] {
  const view = useSyncExternalStore(subscribe, read, () => "calendar" as const);
  const set = useCallback((next: DiaryView) => {
    try {
      window.localStorage.setItem(KEY, next);
    } catch {
      // Storage refused (a private window's quota): the view stays as it was.
    }
    window.dispatchEvent(new Event(CHANGED));
  }, []);
  return [view, set];
}
