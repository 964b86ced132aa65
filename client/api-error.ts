/**
 * An answer the client could not use: the HTTP status (0 when the request never reached us) and the
 * API's message. A module of its own so that the sign-in pages, which carry no query client
 * (docs/decisions/017), can use it without client/query-client.ts.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}
