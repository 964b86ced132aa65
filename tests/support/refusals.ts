import { expect } from "vitest";
import { codeOf } from "@/lib/http/message-codes";

/** A message's code (docs/decisions/142): its own for a written message, any code for a matcher. */
export function codeFor(message: unknown, status: number): unknown {
  return typeof message === "string" ? codeOf(message, status) : expect.stringMatching(/^[A-Z][A-Z0-9_]*$/);
}

/** One refused field of a 400, with its message's code. */
export function fieldIssue(path: unknown, message: unknown) {
  return { path, message, code: codeFor(message, 400) };
}

/**
 * The body of a 400: the first issue's message (`message`, as the original client reads it) with its
 * code, and every issue by the path of its field (`errors`, docs/decisions/048-one-way-to-write-a-form.md).
 */
export function badRequestBody(message: unknown = expect.any(String)) {
  return {
    message,
    code: codeFor(message, 400),
    errors: expect.arrayContaining([fieldIssue(expect.any(String), expect.any(String))]),
  };
}

/** An error body of `status`: a 400 is `badRequestBody`, any other `{message, code}`; `extra` joins both (friend requests' `success: false`). */
export function errorBody(status: number, message: unknown = expect.any(String), extra: Record<string, unknown> = {}) {
  return status === 400
    ? { ...extra, ...badRequestBody(message) }
    : { ...extra, message, code: codeFor(message, status) };
}

/** A 400 whose first message is `message`, shown beside `field` (docs/decisions/048-one-way-to-write-a-form.md). */
export function expectRefusedField(res: { status: number; body: unknown }, field: string, message: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toEqual(errorBody(400, message));
  expect((res.body as { errors: unknown[] }).errors).toContainEqual(fieldIssue(field, message));
}

/**
 * An expected error body (or a list of field issues, or one issue) as written before codes, with
 * each message's code added (docs/decisions/142): `coded({ message: "User not found" })`.
 */
export function coded<T>(expected: T): T {
  if (Array.isArray(expected)) return expected.map(coded) as T;
  if (!expected || typeof expected !== "object" || !("message" in expected)) return expected;
  const body = expected as Record<string, unknown>;
  return {
    ...body,
    code: codeFor(body.message, 0),
    ...(Array.isArray(body.errors) ? { errors: body.errors.map(coded) } : {}),
  } as T;
}
