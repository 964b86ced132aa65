import { QueryClient } from "@tanstack/react-query";

// One client data layer for every screen (docs/decisions/017-client-data-layer.md).

/** An answer the client could not use: the HTTP status (0 when the request never reached us) and the API's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/**
 * Worth asking again: the network failed, or the server said it is busy or a proxy could not reach
 * it. A 4xx or a 500 will give the same answer a second later, so the error shows at once instead.
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;
}

const MAX_RETRIES = 2;

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Fresh for half a minute: switching days back and forth does not refetch each time, and a
        // returning tab (refetchOnWindowFocus) still gets what another device wrote meanwhile.
        staleTime: 30_000,
        retry: (failures, error) => failures < MAX_RETRIES && isTransient(error),
      },
      // A write is never repeated behind the writer's back: a POST that timed out may have landed.
      mutations: { retry: false },
    },
  });
}
