import "server-only";
import { ValidationError } from "@/lib/errors";
import { IF_MATCH_MAX, IF_MATCH_MESSAGE } from "@/lib/validation/idempotency-limits";

// If-Match on PUT /api/journals/{id} (docs/decisions/081): the entry's tag is its updatedAt quoted
// (lib/validation/idempotency-limits.ts, entryTag). One tag only; `*` asks nothing.

const TAG = /^"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)"$/;

/** The updatedAt the request's If-Match names, or undefined without one (or `*`); a malformed one is a 400. */
export function readIfMatch(req: Request): string | undefined {
  const value = req.headers.get("if-match")?.trim();
  if (value === undefined || value === "*") return undefined;
  const m = value.length <= IF_MATCH_MAX ? TAG.exec(value) : null;
  if (!m || Number.isNaN(Date.parse(m[1]!)))
    throw new ValidationError(IF_MATCH_MESSAGE, [{ path: "If-Match", message: IF_MATCH_MESSAGE }]);
  return new Date(m[1]!).toISOString();
}
