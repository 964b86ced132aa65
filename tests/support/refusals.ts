import { expect } from "vitest";

/**
 * The body of a 400: the first issue's message (`message`, as the original client reads it) and
 * every issue by the path of its field (`errors`, docs/decisions/048-one-way-to-write-a-form.md).
 */
export function badRequestBody(message: unknown = expect.any(String)) {
  return { message, errors: expect.arrayContaining([{ path: expect.any(String), message: expect.any(String) }]) };
}

/** An error body of `status`: a 400 is `badRequestBody`, any other `{message}`; `extra` joins both (friend requests' `success: false`). */
export function errorBody(status: number, message: unknown = expect.any(String), extra: Record<string, unknown> = {}) {
  return status === 400 ? { ...extra, ...badRequestBody(message) } : { ...extra, message };
}

/** A 400 whose first message is `message`, shown beside `field` (docs/decisions/048-one-way-to-write-a-form.md). */
export function expectRefusedField(res: { status: number; body: unknown }, field: string, message: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toEqual(errorBody(400, message));
  expect((res.body as { errors: unknown[] }).errors).toContainEqual({ path: field, message });
}
