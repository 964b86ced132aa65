import { QueryClient } from "@tanstack/react-query";
import { afterEach, expect, test, vi } from "vitest";
import { itemKey, newDiarySecret, openText, sealText, type Place } from "@/client/lock/crypto";
import { forgetDiaryKeys, LOCK_DB_NAME } from "@/client/lock/forget";
import {
  acceptRevision,
  forgetItemKeys,
  KeyStoreUnavailableError,
  loadItemKey,
  saveItemKey,
} from "@/client/lock/key-store";
import { deviceKeyQuery } from "@/client/lock/state";

// What the diary lock keeps on a device (client/lock/key-store.ts, docs/decisions/114): the item
// key as a non-extractable CryptoKey and the highest revision seen per page, in Chromium's real
// IndexedDB with its real WebCrypto. No component: it runs here because Node has no IndexedDB.

/** Deletes the database, as another tab's upgrade would want it: refused if the store held on to it. */
function deleteDatabase(): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(LOCK_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error("deleteDatabase failed"));
    request.onblocked = () => reject(new Error("The key store did not close its connection on versionchange"));
  });
}

afterEach(deleteDatabase);

const place = (owner: string): Place => ({ owner, day: "2026-03-18", field: "content", revision: 1 });

test("a saved key comes back non-extractable and still seals and opens", async () => {
  const key = await itemKey(newDiarySecret());
  const sealed = await sealText(key, place("alice"), "The words of the day");
  await saveItemKey("alice", key);

  const loaded = await loadItemKey("alice");
  expect(loaded).toBeInstanceOf(CryptoKey);
  expect(loaded).not.toBe(key); // a structured clone out of IndexedDB, not the object saved
  expect(loaded!.extractable).toBe(false);
  expect(loaded!.algorithm).toMatchObject({ name: "AES-GCM", length: 256 });
  await expect(crypto.subtle.exportKey("raw", loaded!)).rejects.toThrow();
  expect(await openText(loaded!, place("alice"), sealed)).toBe("The words of the day");
  expect(await openText(key, place("alice"), await sealText(loaded!, place("alice"), "and back"))).toBe("and back");
});

test("asking for the key on a device that never kept one makes no database", async () => {
  await deleteDatabase();
  // What every signed-in screen asks (client/lock/state.ts), each time with a fresh cache.
  const deviceKey = () => new QueryClient().fetchQuery(deviceKeyQuery("alice"));
  expect(await deviceKey()).toBeNull();
  expect(await deviceKey()).toBeNull();
  expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(LOCK_DB_NAME);
  // Once a key is kept, it is found.
  await saveItemKey("alice", await itemKey(newDiarySecret()));
  expect(await deviceKey()).toBeInstanceOf(CryptoKey);
});

test("an extractable key is refused and nothing is kept", async () => {
  const extractable = await crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, true, ["encrypt", "decrypt"]);
  await expect(saveItemKey("alice", extractable)).rejects.toThrow(/extractable/);
  expect(await loadItemKey("alice")).toBeNull();
});

test("keys are kept per person, and forgetting removes every key and revision", async () => {
  const alice = await itemKey(newDiarySecret());
  const bob = await itemKey(newDiarySecret());
  await saveItemKey("alice", alice);
  await saveItemKey("bob", bob);
  expect(await loadItemKey("carol")).toBeNull();

  // Each person's own key: Alice's opens what Alice's sealed, Bob's does not.
  const sealed = await sealText(alice, place("alice"), "Alice's page");
  expect(await openText((await loadItemKey("alice"))!, place("alice"), sealed)).toBe("Alice's page");
  await expect(openText((await loadItemKey("bob"))!, place("alice"), sealed)).rejects.toThrow();

  expect(await acceptRevision("alice", "2026-03-18", 5)).toBe(true);
  await forgetItemKeys();
  expect(await loadItemKey("alice")).toBeNull();
  expect(await loadItemKey("bob")).toBeNull();
  // The remembered revision went too: an older one is accepted again.
  expect(await acceptRevision("alice", "2026-03-18", 2)).toBe(true);
});

test("a revision older than one seen is refused; the same or a newer one, another day or person are not", async () => {
  expect(await acceptRevision("alice", "2026-03-18", 1)).toBe(true);
  expect(await acceptRevision("alice", "2026-03-18", 3)).toBe(true);
  expect(await acceptRevision("alice", "2026-03-18", 2)).toBe(false);
  expect(await acceptRevision("alice", "2026-03-18", 3)).toBe(true);
  // A refusal changed nothing: 3 is still the highest seen.
  expect(await acceptRevision("alice", "2026-03-18", 2)).toBe(false);

  expect(await acceptRevision("alice", "2026-03-19", 1)).toBe(true);
  expect(await acceptRevision("bob", "2026-03-18", 1)).toBe(true);
  expect(await acceptRevision("alice", "2026-03-18", 2)).toBe(false);

  for (const wrong of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
    await expect(acceptRevision("alice", "2026-03-18", wrong)).rejects.toThrow(RangeError);
  }
});

test("concurrent revisions settle on the highest: each call is one transaction", async () => {
  const answers = await Promise.all([5, 3, 4, 6, 1, 2].map((r) => acceptRevision("alice", "2026-03-18", r)));
  // Transactions on the same store run in the order they were made.
  expect(answers).toEqual([true, false, false, true, false, false]);
  expect(await acceptRevision("alice", "2026-03-18", 5)).toBe(false);
  expect(await acceptRevision("alice", "2026-03-18", 6)).toBe(true);
});

test("a tab that deletes or upgrades the database is not held up, and the store opens again after", async () => {
  await saveItemKey("alice", await itemKey(newDiarySecret()));
  await deleteDatabase(); // fails if the open connection ignored versionchange
  expect(await loadItemKey("alice")).toBeNull();
  await saveItemKey("alice", await itemKey(newDiarySecret()));
  expect(await loadItemKey("alice")).toBeInstanceOf(CryptoKey);
});

test("signing out forgets every key on this device, with the store's connection open", async () => {
  await saveItemKey("alice", await itemKey(newDiarySecret()));
  expect(await acceptRevision("alice", "2026-03-18", 4)).toBe(true);
  await forgetDiaryKeys();
  expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(LOCK_DB_NAME);
  expect(await loadItemKey("alice")).toBeNull();
  expect(await acceptRevision("alice", "2026-03-18", 1)).toBe(true);
  // Nobody's database, nothing to forget: no error.
  await deleteDatabase();
  await forgetDiaryKeys();
});

test("without IndexedDB (storage turned off, some private windows) the store says so in words for the screen", async () => {
  // Only here is anything stood in for: Chromium cannot be made to lose its IndexedDB mid-test.
  vi.stubGlobal("indexedDB", undefined);
  try {
    const refused = loadItemKey("alice");
    await expect(refused).rejects.toBeInstanceOf(KeyStoreUnavailableError);
    await expect(refused).rejects.toThrow(/cannot keep the diary's key/);
  } finally {
    vi.unstubAllGlobals();
  }
  // Nothing failed is remembered: with IndexedDB back, the store opens.
  expect(await loadItemKey("alice")).toBeNull();
});
