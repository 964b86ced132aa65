// When the database cannot serve a request (docs/decisions/041): the answer is 503 with
// Retry-After (lib/http/respond.ts), never a 500, and a read that lost its connection is tried
// once more on another. No server-only import: tests classify real driver errors with it.

/** Seconds a client is asked to wait before trying again when the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again in a moment.";

// SQLSTATEs of a connection that PostgreSQL ended or lost under a statement: an operator's or a
// supervisor's pg_terminate_backend (57P01), a crash of another backend (57P02), class 08.
const LOST_CODES = new Set(["57P01", "57P02", "08000", "08003", "08006"]);
// Node's codes for a socket that broke under a statement.
const LOST_SOCKET_CODES = new Set(["ECONNRESET", "EPIPE"]);
// pg's messages for the same, raised by the driver rather than the server.
const LOST_MESSAGES = [
  "Connection terminated unexpectedly",
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
];

// And those of a database that cannot serve right now: starting up or shutting down (57P03),
// out of connections (53300, 53000), a statement or transaction past its time limit (57014,
// 25P03), a connection that could not be made.
const UNAVAILABLE_CODES = new Set(["57P03", "53300", "53000", "57014", "25P03", "08001", "08004"]);
const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "ENOTFOUND",
]);
// pg-pool's: no connection within connectionTimeoutMillis; pg's: no answer within query_timeout.
const UNAVAILABLE_MESSAGES = [
  "timeout exceeded when trying to connect",
  "Connection terminated due to connection timeout",
  "Query read timeout",
];

/** The error and its causes (Drizzle wraps the driver's error in its own). */
function* chain(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === "object" && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    yield e as { code?: unknown; message?: unknown };
  }
}

function matches(err: unknown, codes: Set<string>, socketCodes: Set<string>, messages: string[]): boolean {
  for (const e of chain(err)) {
    if (typeof e.code === "string" && (codes.has(e.code) || socketCodes.has(e.code))) return true;
    if (typeof e.message === "string" && messages.includes(e.message)) return true;
  }
  return false;
}

/**
 * The connection under a statement was lost: the statement was cut off (a transaction rolled
 * back). A read may be tried again on another connection; a write may not (it may have committed).
 */
export function connectionLost(err: unknown): boolean {
  return matches(err, LOST_CODES, LOST_SOCKET_CODES, LOST_MESSAGES);
}

/** The database could not serve this request: lost, unreachable, overloaded or too slow. */
export function databaseUnavailable(err: unknown): boolean {
  return connectionLost(err) || matches(err, UNAVAILABLE_CODES, UNAVAILABLE_SOCKET_CODES, UNAVAILABLE_MESSAGES);
}
