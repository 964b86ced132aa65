import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { LOCK_DB_NAME } from "./forget";

// What the diary lock keeps on a device (docs/decisions/114-the-diary-lock.md), in this browser's
// IndexedDB: each person's item key, and the highest revision seen of each of their pages.
//
// The item key is stored as the CryptoKey itself, never as bytes: IndexedDB keeps a CryptoKey by
// structured clone, and a non-extractable one comes back as non-extractable, so a script on this
// origin may use it while here but nobody can read it out. An extractable key is refused.
//
// A sealed item names its page's revision (docs/decisions/114), so a server cannot move an item to
// another revision; remembering the highest revision seen per page is what refuses a server that
// sends an older version of the page back whole, with its own older revision.
//
// Plain IndexedDB through idb (as client/outbox.ts), no React, no window: browser code only.

interface SeenRevision {
  owner: string;
  day: string;
  revision: number;
}

interface LockDb extends DBSchema {
  /** Each person's item key, by user id. */
  keys: { key: string; value: CryptoKey };
  /** The highest revision seen of each page: one small record per (owner, day) ever opened. */
  revisions: { key: [string, string]; value: SeenRevision };
}

const DB_VERSION = 1;

/** Why the lock cannot keep its key on this device; its message is for the screen. */
export class KeyStoreUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "KeyStoreUnavailableError";
  }
}

const UNAVAILABLE =
  "This browser cannot keep the diary's key: its storage is turned off or unavailable (as in some private windows).";
const BLOCKED = "Inkwell is open in another tab that holds on to the diary's storage: close it and try again.";

let opening: Promise<IDBPDatabase<LockDb>> | null = null;

/** The one connection, opened at the first call; a failed or closed one is opened again at the next. */
function lockDb(): Promise<IDBPDatabase<LockDb>> {
  if (opening) return opening;
  const attempt = new Promise<IDBPDatabase<LockDb>>((resolve, reject) => {
    let gaveUp = false;
    try {
      // Missing, null or throwing on access: sandboxed frames, storage turned off, old private modes.
      if (typeof indexedDB === "undefined" || !indexedDB) throw new Error("indexedDB is not available");
      openDB<LockDb>(LOCK_DB_NAME, DB_VERSION, {
        upgrade(db) {
          db.createObjectStore("keys");
          db.createObjectStore("revisions", { keyPath: ["owner", "day"] });
        },
        // Another connection did not close for a newer version: say so rather than wait for ever
        // (and close this one if it opens later, so as not to block anyone in turn).
        blocked() {
          gaveUp = true;
          reject(new KeyStoreUnavailableError(BLOCKED));
        },
        // A newer version (another tab's) or a deletion wants the database: let it go at once, and
        // open again at the next call.
        blocking(_current, _next, event) {
          (event.target as IDBDatabase).close();
          forget();
        },
        // The browser closed it (storage cleared, a disk error): open again at the next call.
        terminated: () => forget(),
      }).then(
        (db) => (gaveUp ? db.close() : resolve(db)),
        (error: unknown) => reject(new KeyStoreUnavailableError(UNAVAILABLE, { cause: error })),
      );
    } catch (error) {
      reject(new KeyStoreUnavailableError(UNAVAILABLE, { cause: error }));
    }
  });
  const forget = () => {
    if (opening === attempt) opening = null;
  };
  attempt.catch(forget);
  opening = attempt;
  return attempt;
}

/** Keeps this person's item key on this device. Only a non-extractable key: what is kept cannot be read out. */
export async function saveItemKey(owner: string, key: CryptoKey): Promise<void> {
  if (key.extractable) throw new Error("The diary's item key must not be extractable to be kept on a device");
  await (await lockDb()).put("keys", key, owner);
}

/**
 * This person's item key on this device, or null: the diary is locked here until it is unlocked
 * again. Opens (so makes) the database: ./keys.ts's deviceKeyQuery asks its lockDbExists first, so
 * a device that never kept a key keeps none.
 */
export async function loadItemKey(owner: string): Promise<CryptoKey | null> {
  return (await (await lockDb()).get("keys", owner)) ?? null;
}

/**
 * Forgets every person's key and remembered revisions on this device ("Lock now", signing out), in
 * one transaction. The revisions go too: they name the days that have pages, which a locked device
 * should not keep, and the next unlock starts again from what the server sends.
 */
export async function forgetItemKeys(): Promise<void> {
  const tx = (await lockDb()).transaction(["keys", "revisions"], "readwrite");
  await Promise.all([tx.objectStore("keys").clear(), tx.objectStore("revisions").clear(), tx.done]);
}

/**
 * Records `revision` for the page (owner, day) and answers true if it is at least the highest seen
 * (the same revision again is the same page); answers false and changes nothing if it is older,
 * which the page refuses as a replay. One readwrite transaction, so two tabs cannot interleave.
 */
export async function acceptRevision(owner: string, day: string, revision: number): Promise<boolean> {
  // A revision is a whole number from 1 (lib/validation/lock-limits.ts); NaN would never be older.
  if (!Number.isSafeInteger(revision) || revision < 1) throw new RangeError(`Not a page revision: ${revision}`);
  const tx = (await lockDb()).transaction("revisions", "readwrite");
  const seen = await tx.store.get([owner, day]);
  if (seen && revision < seen.revision) {
    await tx.done;
    return false;
  }
  if (!seen || revision > seen.revision) await tx.store.put({ owner, day, revision });
  await tx.done;
  return true;
}
