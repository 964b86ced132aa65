import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => undefined;

/**
 * False on the server and while React hydrates the server's HTML, true from the next render on.
 * What only the browser knows (its clock, its locale, its drafts, a query another part of the page
 * has fetched meanwhile) waits for true, so hydration sees exactly what the server wrote
 * (docs/decisions/044-screens-that-tell-the-truth.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
