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

/** The words for a server fault when a screen has none of its own (docs/decisions/098). */
export const SERVER_FAULT = "The server could not answer just now. Please try again in a moment.";

/**
 * The JSON body of a failed answer when its words are meant for a person, else null and the
 * caller's own sentence says it (docs/decisions/098). A 5xx's words are a status line
 * ("Internal Server Error") or a fault's, and a body that is not JSON is a proxy's page; only a
 * 503 with Retry-After is kept, our "busy, try again" sentence (docs/api.md).
 */
export async function readableFailure(res: Response): Promise<Record<string, unknown> | null> {
  const fault = res.status >= 500 && !(res.status === 503 && res.headers.has("Retry-After"));
  if (fault || !/\bjson\b/i.test(res.headers.get("content-type") ?? "")) return null;
  try {
    const body: unknown = await res.json();
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
