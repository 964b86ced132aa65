import { AsyncLocalStorage } from "node:async_hooks";

// What a request learned while Next rendered it, for the HTTP server around Next: today only that
// the database could not serve it, so that a page which failed before streaming answers 503 with
// Retry-After (docs/decisions/041) rather than Next's 500. Next has no way for a page to choose
// that status; pages still show the truth without it (their error boundaries read the digest).
//
// The server (server/server.ts) and Next's bundle each load their own copy of this module, so the
// storage lives on globalThis under a registered symbol: both copies share one.

export interface RequestOutcome {
  databaseUnavailable: boolean;
}

const KEY = Symbol.for("inkwell.request-outcome");

function storage(): AsyncLocalStorage<RequestOutcome> {
  const registry = globalThis as { [KEY]?: AsyncLocalStorage<RequestOutcome> };
  return (registry[KEY] ??= new AsyncLocalStorage<RequestOutcome>());
}

/** Runs one request's handling with an outcome that code under it may mark. */
export function runWithRequestOutcome<T>(outcome: RequestOutcome, fn: () => T): T {
  return storage().run(outcome, fn);
}

/** Marks the current request; a no-op outside runWithRequestOutcome (tests, `next start`). */
export function noteRequestOutcome(what: keyof RequestOutcome): void {
  const outcome = storage().getStore();
  if (outcome) outcome[what] = true;
}
