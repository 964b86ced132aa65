// Typed errors thrown by lib/ and mapped to docs/api.md's error shape by lib/http/respond.ts.

// The generic messages, one home each (docs/decisions/107): the errors' defaults below, the API
// reference and the code that answers them read these.
export const AUTHENTICATION_REQUIRED = "Authentication required";
export const NOT_FOUND = "Not found";
export const TOO_MANY_ATTEMPTS = "Too many attempts. Please try again later.";
export const SERVER_BUSY = "The server is busy. Please try again in a moment.";
export const SOMETHING_WENT_WRONG = "Something went wrong";
export const FORBIDDEN_MESSAGE = "You are not allowed to do that";
export const NO_SUCH_ENDPOINT_MESSAGE = "No such API endpoint";
export const MALFORMED_URL_MESSAGE = "Malformed URL: invalid percent-encoding in the path";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** One refused field of a request: its name as the client sent it (dot-joined when nested; "" for the whole body). */
export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * A 400. Its answer lists every issue as `errors` beside `message`, which stays the first issue's
 * message (docs/decisions/048-one-way-to-write-a-form.md); a refusal of the whole body is one issue
 * at path "".
 */
export class ValidationError extends HttpError {
  readonly errors: readonly FieldIssue[];
  constructor(message: string, errors: readonly FieldIssue[] = [{ path: "", message }]) {
    super(400, message);
    this.errors = errors;
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = AUTHENTICATION_REQUIRED) {
    super(401, message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message = FORBIDDEN_MESSAGE) {
    super(403, message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message = NOT_FOUND) {
    super(404, message);
  }
}
/** A 409. When one field of the request is what clashes (a username taken), it is named in `errors` as a 400's are. */
export class ConflictError extends HttpError {
  readonly errors: readonly FieldIssue[] | undefined;
  constructor(message: string, field?: string) {
    super(409, message);
    this.errors = field === undefined ? undefined : [{ path: field, message }];
  }
}
/** A 412: the request's precondition (If-Match) no longer holds; the thing changed since the client read it. */
export class PreconditionFailedError extends HttpError {
  constructor(message: string) {
    super(412, message);
  }
}
export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, message);
  }
}
export class UnsupportedMediaTypeError extends HttpError {
  constructor(message: string) {
    super(415, message);
  }
}
export class RateLimitError extends HttpError {
  constructor(retryAfterSeconds: number, message = TOO_MANY_ATTEMPTS) {
    super(429, message, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

export class ServiceUnavailableError extends HttpError {
  constructor(retryAfterSeconds: number, message = SERVER_BUSY) {
    super(503, message, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

/** PostgreSQL's foreign_key_violation: a row pointed at one that was deleted meanwhile. */
export function foreignKeyViolation(err: unknown): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  return Boolean(e && typeof e === "object" && (e as { code?: string }).code === "23503");
}

/** PostgreSQL's unique_violation, with the name of the constraint that was hit. */
export function uniqueViolation(err: unknown): string | undefined {
  const e = (err as { cause?: unknown })?.cause ?? err;
  if (e && typeof e === "object" && (e as { code?: string }).code === "23505") {
    return (e as { constraint?: string }).constraint ?? "";
  }
  return undefined;
}
