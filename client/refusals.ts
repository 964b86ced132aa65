import type { FieldIssue } from "@/lib/errors";
import { ApiError } from "./api-error";

/** A refused request: the API's message, and its refused fields when it named them (a 400's `errors`). */
export class Refusal extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly fieldErrors: readonly FieldIssue[] = [],
  ) {
    super(status, message);
    this.name = "Refusal";
  }
}

function isFieldIssue(value: unknown): value is FieldIssue {
  return Boolean(value) && typeof value === "object" && typeof (value as { path?: unknown }).path === "string" && typeof (value as { message?: unknown }).message === "string";
}

/**
 * A failed answer as a Refusal: the server's `message` (else `fallback`) and its `errors`
 * (docs/decisions/048-one-way-to-write-a-form.md). A body that is not our JSON (a proxy's error
 * page) is just the fallback.
 */
export async function refusalOf(res: Response, fallback: string): Promise<Refusal> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // Not JSON: the fallback says it.
  }
  const fields = body && typeof body === "object" ? (body as { message?: unknown; errors?: unknown }) : {};
  const message = typeof fields.message === "string" && fields.message ? fields.message : fallback;
  const errors = Array.isArray(fields.errors) ? fields.errors.filter(isFieldIssue) : [];
  return new Refusal(res.status, message, errors);
}
