import "server-only";
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { idempotencyKeys } from "@/lib/db/schema";
import { ConflictError, type FieldIssue, HttpError, ValidationError } from "@/lib/errors";
import { errorBody } from "@/lib/http/message-codes";
import { json } from "@/lib/http/respond";
import {
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_KEY_MESSAGE,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_RUNNING_MAX_SECONDS,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  IDEMPOTENCY_KEY_RUNNING_MESSAGE,
} from "@/lib/validation/idempotency-limits";

// Idempotency keys of entry writes (docs/decisions/081): a retry of a request whose answer was lost
// gets that answer again instead of a second entry.

export class UnprocessableError extends HttpError {
  constructor(message: string) {
    super(422, message);
  }
}

/** The request's Idempotency-Key, or undefined without one; a malformed one is a 400. */
export function readIdempotencyKey(req: Request): string | undefined {
  const key = req.headers.get("idempotency-key");
  if (key === null) return undefined;
  if (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new ValidationError(IDEMPOTENCY_KEY_MESSAGE, [{ path: "Idempotency-Key", message: IDEMPOTENCY_KEY_MESSAGE }]);
  }
  return key;
}

/** SHA-256 of a request's form fields (in name order, a file by its bytes) and what else it depends on. */
export async function hashRequest({ form, extra = "" }: { form: FormData; extra?: string }): Promise<string> {
  const hash = createHash("sha256");
  const entries = [...form.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [name, value] of entries) {
    hash.update(`${name.length}:${name}`);
    if (typeof value === "string") hash.update(`s${value.length}:${value}`);
    else hash.update(`f${value.size}:`).update(new Uint8Array(await value.arrayBuffer()));
  }
  hash.update(`x${extra}`);
  return hash.digest("hex");
}

interface Answer {
  status: number;
  body: unknown;
}

/** Answers that a retry of the same request would get again; a 429 or a 5xx may differ next time. */
const keptStatus = (status: number) => status < 500 && status !== 429 && status !== 408;

/**
 * Runs `run` once per (person, key). Without a key it simply runs. A key already used: its kept
 * answer (with `Idempotent-Replayed: true`) for the same request, a 422 for another one, a 409
 * while the first is still running. A 5xx or a crash frees the key, so a retry runs again.
 */
export async function runIdempotently({
  db,
  userId,
  key,
  target,
  requestHash,
  run,
}: {
  db: Db;
  userId: string;
  key: string | undefined;
  target: string;
  requestHash: string;
  run: () => Promise<Answer>;
}): Promise<Response> {
  if (key === undefined) {
    const answer = await run();
    return json(answer.body, { status: answer.status });
  }
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId, key, target, requestHash })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { createdAt: sql`now()` },
      setWhere: sql`${idempotencyKeys.status} is null and ${idempotencyKeys.createdAt} < now() - make_interval(secs => ${IDEMPOTENCY_RUNNING_MAX_SECONDS}) and ${idempotencyKeys.target} = excluded.target and ${idempotencyKeys.requestHash} = excluded.request_hash`,
    })
    .returning({ key: idempotencyKeys.key });
  const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  if (claimed.length === 0) {
    const [kept] = await db.select().from(idempotencyKeys).where(where);
    // Gone between the two statements (housekeeping): as good as never used, but rare enough to ask for a retry.
    if (!kept) throw new ConflictError(IDEMPOTENCY_KEY_RUNNING_MESSAGE);
    if (kept.target !== target || kept.requestHash !== requestHash)
      throw new UnprocessableError(IDEMPOTENCY_KEY_REUSED_MESSAGE);
    if (kept.status === null) throw new ConflictError(IDEMPOTENCY_KEY_RUNNING_MESSAGE);
    return json(kept.body, { status: kept.status, headers: { "Idempotent-Replayed": "true" } });
  }

  let answer: Answer;
  try {
    answer = await run();
  } catch (err) {
    if (err instanceof HttpError && keptStatus(err.status)) {
      const errors = "errors" in err ? (err.errors as readonly FieldIssue[] | undefined) : undefined;
      const body = errorBody(err.status, err.message, errors);
      await db.update(idempotencyKeys).set({ status: err.status, body }).where(where);
    } else {
      await db.delete(idempotencyKeys).where(where);
    }
    throw err;
  }
  await db.update(idempotencyKeys).set({ status: answer.status, body: answer.body }).where(where);
  return json(answer.body, { status: answer.status });
}
