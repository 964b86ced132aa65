// Forgetting the diary lock's key on this device (docs/decisions/115): signing out, a session the
// server refused and a sign-in screen all delete the lock's IndexedDB database (client/lock/key-store.ts
// keeps the non-extractable key and the revisions seen there), without loading the lock's code.

/** The lock's IndexedDB database on this device. */
export const LOCK_DB_NAME = "inkwell-lock";

/**
 * Deletes the database (a no-op when there is none). An open connection in another tab closes on
 * the deletion's `versionchange` (key-store.ts), so a blocked deletion still happens; it is not awaited.
 */
export function forgetDiaryKeys(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof indexedDB === "undefined") return resolve();
    const request = indexedDB.deleteDatabase(LOCK_DB_NAME);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}
