import "server-only";
import { NotFoundError } from "@/lib/errors";
import { isUuid } from "@/lib/journals/ids";

/**
 * An id from a path or body, as the database stores it, or the 404 `message` for anything that is
 * not one. Lower-cased because PostgreSQL accepts an upper-case uuid but our own comparisons
 * (is this the caller?) are on the text: `A…` and `a…` must not be two different people.
 */
export function parseId({ value, message }: { value: string; message: string }): string {
  if (!isUuid(value)) throw new NotFoundError(message);
  return value.toLowerCase();
}
