import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { Journal } from "@/lib/contract/answers";
import type { LockState } from "@/lib/contract/lock";
import { LOCK_DB_NAME } from "./forget";

// What every diary screen asks of the lock before it knows whether the lock concerns this person
// (docs/diary-lock.md), and nothing more: the query keys, this device's key (which needs none of
// the lock's code on a device that never kept one) and what the cache already knows. The rest of the
// lock's glue (./state.ts: its state query, Lock now, the other tabs) and all of its cryptography
// load on demand, for a person whose diary is locked or a device that holds a key, so the diary of a
// person without the lock loads as little of it as it can (docs/decisions/117).

export const lockKeys = {
  /** Everything the lock put in the query cache: removed whole when this device locks or unlocks. */
  all: ["lock"] as const,
  state: ["lock", "state"] as const,
  deviceKey: (owner: string) => ["lock", "device-key", owner] as const,
  opened: (owner: string, id: string, updatedAt: string) => ["lock", "opened", owner, id, updatedAt] as const,
  words: (owner: string, id: string, updatedAt: string) => ["lock", "words", owner, id, updatedAt] as const,
  /** The opened locked pages for the search (client/lock/locked-index.ts). */
  index: (owner: string) => ["lock", "index", owner] as const,
};

/**
 * Keys unlocked in this tab when the browser could not keep them (client/lock/key-store.ts's
 * KeyStoreUnavailableError): the diary stays unlocked until the tab closes.
 */
export const sessionKeys = new Map<string, CryptoKey>();

export function keepKeyForThisTab(owner: string, key: CryptoKey) {
  sessionKeys.set(owner, key);
}

/** This device's item key for `owner`, or null while the diary is locked here (or no lock). */
export function deviceKeyQuery(owner: string) {
  return queryOptions({
    queryKey: lockKeys.deviceKey(owner),
    // A browser that cannot keep the key (storage off) is a locked device: it can unlock for the tab.
    // The key store's code loads only on a device that has kept a key.
    queryFn: async ({ client }): Promise<CryptoKey | null> =>
      ((await lockDbExists()) ? await import("./state").then(({ keptKey }) => keptKey(owner, client)) : null) ??
      sessionKeys.get(owner) ??
      null,
    staleTime: Infinity,
    // A CryptoKey is not a plain value: no structural sharing.
    structuralSharing: false,
    retry: false,
  });
}

/**
 * Whether this tab already knows, without asking, that the lock concerns a save (for the offline
 * path): the page is locked, the server said the diary is locked (or its lock is being turned off),
 * or this device holds the diary's key. Then the lock's own code (./editor.ts) decides its form.
 */
export function knownLockConcern(queryClient: QueryClient, owner: string, entry: Journal | null): boolean {
  const state = queryClient.getQueryData<LockState>(lockKeys.state);
  return (
    Boolean(entry?.locked) ||
    Boolean(state?.locked || state?.turningOff) ||
    Boolean(queryClient.getQueryData(deviceKeyQuery(owner).queryKey))
  );
}

/**
 * Whether this device has the lock's database, found without making it: every signed-in screen
 * asks for the key, and a device where nobody ever unlocked a diary keeps no trace of the lock.
 * Opening a database that does not exist starts its upgrade, which is aborted here, so none is made.
 * An IndexedDB that cannot be used at all answers true: ./key-store.ts then says why.
 */
export function lockDbExists(): Promise<boolean> {
  return new Promise((resolve) => {
    let made = false;
    let request: IDBOpenDBRequest;
    try {
      if (typeof indexedDB === "undefined" || !indexedDB) return resolve(true);
      request = indexedDB.open(LOCK_DB_NAME);
    } catch {
      return resolve(true);
    }
    request.onupgradeneeded = () => {
      made = true;
      request.transaction?.abort();
    };
    request.onsuccess = () => {
      request.result.close();
      resolve(true);
    };
    request.onerror = (event) => {
      event.preventDefault();
      resolve(!made);
    };
    request.onblocked = () => resolve(true);
  });
}

/**
 * Hears Lock now and unlocking in the other tabs, and lets an opened photo go with its page, once
 * `when` (a locked page is shown): ./state.ts's watchLock, loaded then.
 */
export function watchLockWhen(queryClient: QueryClient, when: boolean) {
  if (when) void import("./state").then(({ watchLock }) => watchLock(queryClient));
}
