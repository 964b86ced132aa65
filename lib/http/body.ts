import "server-only";
import type { z } from "zod";
import { PayloadTooLargeError, ValidationError } from "@/lib/errors";

export const MAX_BODY_BYTES = 6 * 1024 * 1024;

/** Reads the whole body, refusing anything over MAX_BODY_BYTES without buffering all of it. */
export async function readBody(req: Request): Promise<Buffer> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new PayloadTooLargeError();
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new PayloadTooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Parses a JSON object body and validates it; every failure is a 4xx with a readable message. */
export async function readJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  const text = new TextDecoder().decode(await readBody(req));
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ValidationError("Request body must be valid JSON");
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new ValidationError("Request body must be a JSON object");
  }
  return validate(schema, data);
}

export function validate<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? "Invalid input");
  return parsed.data;
}
