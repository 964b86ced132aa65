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
