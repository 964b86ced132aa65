import "server-only";
import { NotFoundError } from "@/lib/errors";

// Any 8-4-4-4-12 hex string is a valid PostgreSQL uuid; checking it first turns a malformed id
// into the 404 docs/api.md asks for instead of a database error.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An id from a path or body, as the database stores it, or the 404 `message` for anything that is
 * not one. Lower-cased because PostgreSQL accepts an upper-case uuid but our own comparisons
 * (is this the caller?) are on the text: `A…` and `a…` must not be two different people.
 */
export function parseId({ value, message }: { value: string; message: string }): string {
  if (!UUID.test(value)) throw new NotFoundError(message);
  return value.toLowerCase();
}
