import { useSyncExternalStore } from "react";

// What a person dismissed (an offer, a banner), kept for this browser session (sessionStorage) or
// in this browser (localStorage). With storage refused (a private window) a dismissal holds for the
// page: kept in memory until it reloads.

export type Kept = "session" | "browser";

const inMemory = new Set<string>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function storage(kept: Kept): Storage {
  return kept === "session" ? window.sessionStorage : window.localStorage;
}

function dismissed(kept: Kept, key: string): boolean {
  if (inMemory.has(key)) return true;
  try {
    return storage(kept).getItem(key) === "1";
  } catch {
    return false;
  }
}

/** Marks `key` dismissed and tells every component that reads it. */
export function dismiss(kept: Kept, key: string): void {
  try {
    storage(kept).setItem(key, "1");
  } catch {
    inMemory.add(key);
  }
  for (const listener of listeners) listener();
}

/**
 * Whether `key` was dismissed. `onServer` is what the server renders (and the first paint shows):
 * `true` for something that must not flash before the browser says, `false` for something shown
 * until the browser says otherwise.
 */
export function useDismissed(kept: Kept, key: string, { onServer }: { onServer: boolean }): boolean {
  return useSyncExternalStore(
    subscribe,
    () => dismissed(kept, key),
    () => onServer,
  );
}
