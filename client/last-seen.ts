import { useSyncExternalStore } from "react";
import { LAST_SEEN_HEADER } from "./worker/cache-names";

// Whether the signed-in screen shows what was last seen rather than the server's answer
// (components/app/offline-banner.tsx, docs/product.md "Installing and offline"): the browser has no
// connection, or the last API answer came from the service worker's cache (client/worker/caching.ts
// marks those) because the server could not be reached.

let fromCache = false;
const listeners = new Set<() => void>();

/** Called with every API answer (client/api.ts): a kept answer says "last seen", a fresh one undoes it. */
export function noteApiAnswer(res: Response): void {
  const cached = res.headers.has(LAST_SEEN_HEADER);
  if (cached === fromCache) return;
  fromCache = cached;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** True while the screen may be showing its last-seen copy; false on the server (the first paint is always fresh). */
export function useShownAsLastSeen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => fromCache || !navigator.onLine,
    () => false,
  );
}
