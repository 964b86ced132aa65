// What may be written to the server log about an error: its kind, its code and a message that
// cannot hold secrets. Drizzle's query errors put the failing statement and ALL its parameters
// (a new user's password hash, a token's hash) in their message and stack, so they are never
// logged whole; PostgreSQL quotes offending values in its messages, so quoted text is cut out.
// No server-only import: scripts/ and instrumentation.ts use this too.

const QUOTED = /"[^"]*"/g;
// Line breaks and other controls in text that came from outside (a provider's error, a query
// parameter echoed back) could forge whole log lines, so they become spaces.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** `text` as one log line of at most `max` characters. */
export function oneLine(text: string, max = 300): string {
  return text.replace(CONTROLS, " ").slice(0, max);
}
const STACK_FRAMES = 8;

interface DatabaseError {
  code: string;
  message: string;
  constraint?: string;
  table?: string;
}

function databaseError(err: unknown): DatabaseError | undefined {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === "object" && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    // SQLSTATE codes are five characters; node's own errors have codes like ECONNREFUSED.
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && "severity" in e) return e as unknown as DatabaseError;
  }
  return undefined;
}

function frames(err: Error): string {
  return (err.stack ?? "")
    .split("\n")
    .filter((l) => /^\s+at /.test(l))
    .slice(0, STACK_FRAMES)
    .join("\n");
}

/** A one-paragraph description of `err` that is safe to log (no query, parameters or values). */
export function describeError(err: unknown): string {
  const db = databaseError(err);
  if (db) {
    const where = [db.table && `table ${db.table}`, db.constraint && `constraint ${db.constraint}`]
      .filter(Boolean)
      .join(", ");
    const message = oneLine(db.message.replace(QUOTED, '"…"'));
    const stack = err instanceof Error ? frames(err) : "";
    return `database error ${db.code}${where ? ` (${where})` : ""}: ${message}${stack ? `\n${stack}` : ""}`;
  }
  // Drizzle's DrizzleQueryError: its message is the statement with all its parameters; what went
  // wrong is its cause (a lost connection, a timeout: errors of the driver, not of the server).
  if (err instanceof Error && "query" in err && "params" in err) {
    return `query failed: ${err.cause === undefined ? "no cause given" : describeError(err.cause)}`;
  }
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    const stack = frames(err);
    return `${oneLine(err.name, 60)}${typeof code === "string" ? ` ${oneLine(code, 60)}` : ""}: ${oneLine(err.message, 500)}${stack ? `\n${stack}` : ""}`;
  }
  return `non-error thrown: ${typeof err}`;
}

/** Logs a fault as `[area] what: description`, never the error object itself. */
export function logError(area: string, what: string, err: unknown): void {
  console.error(`[${area}] ${what}: ${describeError(err)}`);
}
