import "server-only";
import type { z } from "zod";
import { PayloadTooLargeError, ValidationError } from "@/lib/errors";
import { JsonDepthGauge, type BodyGauge } from "./body-gauges";
import { JSON_DEPTH_MAX, JSON_INVALID_MESSAGE, JSON_NOT_OBJECT_MESSAGE, TOO_LARGE_MESSAGE } from "./body-limits";

/**
 * What is left of a refused body is still read, and dropped, up to this much: the client finishes
 * sending and reads its answer on a connection that stays usable (closing a socket with unread
 * data resets it, and the answer can be lost). Reading costs no parsing and keeps nothing; past
 * this much the connection is closed instead.
 */
const DISCARD_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Reads the whole body, at most `maxBytes` of it: a declared Content-Length over the limit is a 413
 * before anything is read, and a body that grows past it (chunked) is a 413 at the chunk that
 * crosses it. `gauge` sees each chunk first and may refuse it (lib/http/body-gauges.ts). A refused
 * body is never buffered beyond the limit (docs/decisions/040-body-limits.md).
 */
export async function readBody(
  req: Request,
  { maxBytes, gauge }: { maxBytes: number; gauge?: BodyGauge },
): Promise<Buffer> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    if (declared > maxBytes) throw new PayloadTooLargeError(TOO_LARGE_MESSAGE);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new PayloadTooLargeError(TOO_LARGE_MESSAGE);
      gauge?.push(value);
      chunks.push(value);
    }
  } catch (err) {
    void discardRest(reader);
    throw err;
  }
  return Buffer.concat(chunks, size);
}

/** Reads what is left of a refused body without keeping it, up to DISCARD_MAX_BYTES; then closes the connection. */
export async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>) {
  let dropped = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      dropped += value.byteLength;
      if (dropped > DISCARD_MAX_BYTES) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing is left to read.
  }
}

/**
 * Parses a JSON object body of at most `maxBytes` (the route's family in lib/http/body-limits.ts)
 * and validates it; every failure is a 4xx with a readable message. The nesting is measured while
 * the body arrives, so JSON.parse never sees more than JSON_DEPTH_MAX levels.
 */
export async function readJson<S extends z.ZodType>(req: Request, schema: S, maxBytes: number): Promise<z.infer<S>> {
  const bytes = await readBody(req, { maxBytes, gauge: new JsonDepthGauge(JSON_DEPTH_MAX) });
  const text = new TextDecoder().decode(bytes);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ValidationError(JSON_INVALID_MESSAGE);
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new ValidationError(JSON_NOT_OBJECT_MESSAGE);
  }
  return validate(schema, data);
}

/**
 * The data as the schema reads it, or a 400 that lists every issue by the path of its field
 * (`errors`) and keeps the first one's message as `message`, as the original client reads it
 * (docs/decisions/048-one-way-to-write-a-form.md).
 */
export function validate<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
  }));
  throw new ValidationError(errors[0]?.message ?? "Invalid input", errors.length ? errors : undefined);
}
