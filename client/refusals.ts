import type { FieldIssue } from "@/lib/errors";
import { ApiError, readableFailure } from "./api-error";

/**
 * A refused request: the API's message, its code (docs/decisions/142) when it gave one, and its
 * refused fields when it named them (a 400's `errors`).
 */
export class Refusal extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly fieldErrors: readonly FieldIssue[] = [],
    readonly code?: string,
  ) {
    super(status, message);
    this.name = "Refusal";
  }
}

function isFieldIssue(value: unknown): value is FieldIssue {
  return (
    Boolean(value) &&
    typeof value === "object" &&
    typeof (value as { path?: unknown }).path === "string" &&
    typeof (value as { message?: unknown }).message === "string"
  );
}

/**
 * A failed answer as a Refusal: the server's `message` (else `fallback`) and its `errors`
 * (docs/decisions/048-one-way-to-write-a-form.md). A server fault or a body that is not our JSON
 * (a proxy's error page) is just the fallback (docs/decisions/098).
 */
export async function refusalOf(res: Response, fallback: string): Promise<Refusal> {
  const body = (await readableFailure(res)) ?? {};
  const message = typeof body.message === "string" && body.message ? body.message : fallback;
  const errors = Array.isArray(body.errors) ? body.errors.filter(isFieldIssue) : [];
  const code = typeof body.code === "string" && body.message === message ? body.code : undefined;
  return new Refusal(res.status, message, errors, code);
}
