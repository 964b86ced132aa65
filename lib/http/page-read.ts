import { DATABASE_UNAVAILABLE_MESSAGE, databaseUnavailable } from "@/lib/db/unavailable";
import { DATABASE_UNAVAILABLE_DIGEST } from "@/lib/db/unavailable-digest";
import { noteRequestOutcome } from "./request-outcome";

// A server-rendered page's database reads when the database cannot serve them (docs/decisions/041,
// lib/db/unavailable.ts says when that is).

/**
 * For server-rendered pages: a database error becomes one that the error boundaries recognise,
 * and the request is marked so that our own HTTP server answers 503 with Retry-After rather than
 * Next's 500 when the page fails before it starts streaming (./request-outcome.ts). Any
 * other error is returned as it was.
 */
export function forPage(err: unknown): unknown {
  if (!databaseUnavailable(err)) return err;
  noteRequestOutcome("databaseUnavailable");
  console.warn(`[db] A page could not be served, the database is unavailable`);
  return Object.assign(new Error(DATABASE_UNAVAILABLE_MESSAGE), { digest: DATABASE_UNAVAILABLE_DIGEST });
}

/** Runs a page's database reads; see forPage. */
export async function pageRead<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (err) {
    throw forPage(err);
  }
}
