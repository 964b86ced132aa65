import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { LockState } from "@/lib/contract/lock";
import { answerOf } from "../api";
import { apiPath } from "../api-path";
import { ApiError } from "../api-error";
import { apiRequest } from "../query-client";
import { lockDbExists } from "./forget";

// The diary lock as the screens see it (docs/diary-lock.md): whether the diary is locked (the
// server's GET /api/lock) and whether this device holds its key (client/lock/key-store.ts). Light
// on purpose: no cryptography here, so a diary without the lock loads none (./actions.ts has it,
// imported only when a locked page is opened or written, or the lock is turned on or unlocked), nor
// the key store (./key-store.ts, loaded only on a device that has kept a key).

export type { LockState } from "@/lib/contract/lock";

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

export const LOCK_STATE_FAILED = "Could not load your diary lock";

export function lockStateQuery() {
  return queryOptions({
    queryKey: lockKeys.state,
    queryFn: async ({ signal }): Promise<LockState> => {
      const res = await apiRequest(apiPath("GET /api/lock"), { signal });
      if (!res.ok) throw new ApiError(res.status, LOCK_STATE_FAILED);
      return answerOf("GET /api/lock", res);
    },
  });
}

/** This device's item key for `owner`, or null while the diary is locked here (or no lock). */
export function deviceKeyQuery(owner: string) {
  return queryOptions({
    queryKey: lockKeys.deviceKey(owner),
    // A browser that cannot keep the key (storage off) is a locked device: it can unlock for the tab.
    // The key store's code loads only on a device that has kept a key (./forget.ts's lockDbExists).
    queryFn: async (): Promise<CryptoKey | null> =>
      ((await lockDbExists())
        ? await import("./key-store").then(({ loadItemKey }) => loadItemKey(owner)).catch(() => null)
        : null) ??
      sessionKeys.get(owner) ??
      null,
    staleTime: Infinity,
    // A CryptoKey is not a plain value: no structural sharing.
    structuralSharing: false,
    retry: false,
  });
}

/**
 * Keys unlocked in this tab when the browser could not keep them (client/lock/key-store.ts's
 * KeyStoreUnavailableError): the diary stays unlocked until the tab closes.
 */
const sessionKeys = new Map<string, CryptoKey>();

export function keepKeyForThisTab(owner: string, key: CryptoKey) {
  sessionKeys.set(owner, key);
}

const CHANNEL = "inkwell-lock";

/**
 * This device locked or unlocked: every opened page and key the cache holds is dropped and asked
 * again, here and in the other tabs (a BroadcastChannel), so no tab shows a page after Lock now.
 */
export function lockChanged(queryClient: QueryClient) {
  sessionKeys.clear();
  releaseOpenedPhotos(queryClient);
  void queryClient.resetQueries({ queryKey: lockKeys.all });
  if (typeof BroadcastChannel !== "undefined") {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage("changed");
    channel.close();
  }
}

/** Hears the other tabs' lockChanged, once per query client, for the page's life. */
function hearOtherTabs(queryClient: QueryClient) {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => {
    sessionKeys.clear();
    releaseOpenedPhotos(queryClient);
    void queryClient.resetQueries({ queryKey: lockKeys.all });
  };
}

/** An opened page's photo object URLs (client/lock/actions.ts's openJournal). */
function photoUrlsOf(data: unknown): string[] {
  const opened = data as { status?: string; journal?: { images?: string[] } } | undefined;
  return opened?.status === "open" ? (opened.journal?.images ?? []).filter((u) => u.startsWith("blob:")) : [];
}

function releaseOpenedPhotos(queryClient: QueryClient) {
  for (const [, data] of queryClient.getQueriesData({ queryKey: [...lockKeys.all, "opened"] }))
    for (const url of photoUrlsOf(data)) URL.revokeObjectURL(url);
}

const watched = new WeakSet<QueryClient>();

/**
 * What every screen that opens a locked page needs, once per query client: an opened photo is let
 * go when the cache drops its page (unused for gcTime), and Lock now in another tab is heard here.
 */
export function watchLock(queryClient: QueryClient) {
  if (watched.has(queryClient)) return;
  watched.add(queryClient);
  hearOtherTabs(queryClient);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === "removed" && event.query.queryKey[1] === "opened")
      for (const url of photoUrlsOf(event.query.state.data)) URL.revokeObjectURL(url);
  });
}
