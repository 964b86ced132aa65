"use client";

import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether a CSS media query matches, kept in step with the window. The server has no window, so it
 * (and the hydrating render) answers `serverValue`; React then re-renders with the real answer.
 */
export function useMediaQuery(query: string, serverValue: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

/** The width from which the navigation sits in the top bar (Tailwind's `md`, docs/product.md §2). */
export const WIDE_SCREEN = "(min-width: 768px)";
