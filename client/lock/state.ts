import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { LockState } from "@/lib/contract/lock";
import { answerOf } from "../api";
import { apiPath } from "../api-path";
import { ApiError } from "../api-error";
import { apiRequest } from "../query-client";
import { lockKeys, sessionKeys } from "./keys";

// The diary lock as the screens see it (docs/diary-lock.md): whether the diary is locked (the
// server's GET /api/lock), Lock now, the other tabs. Loaded on demand, for a person whose diary is
// locked or a device that holds a key: what every diary screen asks first (the query keys and this
// device's key) is ./keys.ts. Light on purpose: no cryptography here (./actions.ts has it, imported
// only when a locked page is opened or written, or the lock is turned on or unlocked), nor the key
// store (./key-store.ts, loaded only on a device that has kept a key).

export type { LockState } from "@/lib/contract/lock";
export { deviceKeyQuery, keepKeyForThisTab, lockKeys } from "./keys";

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

/**
 * The key this device kept for `owner` (./key-store.ts), or null; from then on the screens of
 * `queryClient` hear the other tabs (./keys.ts's deviceKeyQuery, on a device that has kept one).
 */
export async function keptKey(owner: string, queryClient: QueryClient): Promise<CryptoKey | null> {
  watchLock(queryClient);
  return import("./key-store").then(({ loadItemKey }) => loadItemKey(owner)).catch(() => null);
}

const CHANNEL = "inkwell-lock";
/** This tab, so that it does not hear its own news (a BroadcastChannel reaches every other channel of the name, this tab's too). */
const TAB = crypto.randomUUID();

/**
 * This device locked or unlocked: every opened page and key the cache holds is dropped and asked
 * again, here and in the other tabs (a BroadcastChannel), so no tab shows a page after Lock now.
 */
export function lockChanged(queryClient: QueryClient) {
  watchLock(queryClient);
  sessionKeys.clear();
  releaseOpenedPhotos(queryClient);
  void queryClient.resetQueries({ queryKey: lockKeys.all });
  if (typeof BroadcastChannel !== "undefined") {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage(TAB);
    channel.close();
  }
}

/** Hears the other tabs' lockChanged, once per query client, for the page's life. */
function hearOtherTabs(queryClient: QueryClient) {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    if (event.data === TAB) return;
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
