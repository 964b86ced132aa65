"use client";

import { useEffect } from "react";

/**
 * Marks <html data-hydrated> once React has hydrated the page. Until then a key pressed on a
 * server-rendered control is replayed to React without the document listeners Radix uses to tell
 * the keyboard from a pointer; the browser tests wait for this mark before such keys.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
