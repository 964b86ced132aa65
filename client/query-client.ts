import { QueryClient } from "@tanstack/react-query";
import { apiFetch } from "./api";
import { ApiError } from "./api-error";

// One client data layer for every screen (docs/decisions/017-client-data-layer.md).

export const OFFLINE_MESSAGE = "The network is unreachable.";

/**
 * Worth asking again: the network failed, or the server said it is busy or a proxy could not reach
 * it. A 4xx or a 500 will give the same answer a second later, so the error shows at once instead.
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;
}

/**
 * apiFetch for query and mutation functions: a request that never reached us becomes an ApiError
 * with status 0 and `offline` as its message, so retries and screens can tell it apart; a request
 * cancelled through its signal still rejects as an abort, which TanStack drops.
 */
export async function apiRequest(
  path: string,
  init: Parameters<typeof apiFetch>[1] = {},
  offline = OFFLINE_MESSAGE,
): Promise<Response> {
  try {
    return await apiFetch(path, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, offline);
  }
}

const MAX_RETRIES = 2;

/** The browser says it has no connection (false on the server, which has no such flag). */
export function browserOffline(): boolean {
  // Not "the last answer was the worker's copy": right after the connection returns, a request can
  // still fail once, and the retry is what brings the day (e2e/offline-reading.spec.ts).
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Fresh for half a minute: switching days back and forth does not refetch each time, and a
        // returning tab (refetchOnWindowFocus) still gets what another device wrote meanwhile.
        staleTime: 30_000,
        // Asked even when the browser says it is offline: the service worker may hold the answer
        // (docs/decisions/080), and TanStack's default ('online') would pause the query instead,
        // "Loading…" for good with no request made (docs/decisions/100). Offline, a failure is not
        // asked again either: the screen says so at once, and the query runs again on reconnect.
        networkMode: "always",
        refetchOnReconnect: true,
        retry: (failures, error) => failures < MAX_RETRIES && isTransient(error) && !browserOffline(),
      },
      // A write is never repeated behind the writer's back: a POST that timed out may have landed.
      mutations: { retry: false },
    },
  });
}
