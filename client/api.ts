import type { ApiAnswers, ApiRoute } from "@/lib/api/endpoints";
import { readableFailure } from "./api-error";
import { takeEarlyAnswer } from "./early-answers";
import { noteApiAnswer } from "./last-seen";
import { getToken } from "./token";

/**
 * fetch() for our own REST API (docs/api.md): sends the stored bearer token and the session cookie.
 * Pass `token` to use a specific one (e.g. the token /oauth-success just received).
 */
export function apiFetch(path: string, init: RequestInit & { token?: string | null } = {}): Promise<Response> {
  const { token = getToken(), headers, ...rest } = init;
  const h = new Headers(headers);
  if (token) h.set("Authorization", `Bearer ${token}`);
  if (rest.body !== undefined && typeof rest.body === "string" && !h.has("Content-Type")) {
    h.set("Content-Type", "application/json");
  }
  const ask = () => fetch(path, { ...rest, headers: h, credentials: "same-origin" });
  // A plain GET may already have been asked by the page's inline script (client/early-answers.ts);
  // if that request failed, it is asked again here.
  const plainGet =
    (rest.method === undefined || rest.method === "GET") && rest.body === undefined && headers === undefined;
  const early = plainGet ? takeEarlyAnswer(path, token) : undefined;
  return (early ? early.catch(ask) : ask()).then((res) => {
    noteApiAnswer(res);
    return res;
  });
}

/**
 * The body of a successful answer of `route` ("METHOD /path" as docs/api.md names it), typed by
 * lib/contract's schema of that answer (docs/decisions/046). The types are all the browser takes
 * from the contract: the API tests check every answer against the schemas themselves, so the
 * browser neither downloads zod nor parses an answer twice.
 */
export async function answerOf<R extends ApiRoute>(route: R, res: Response): Promise<ApiAnswers[R]> {
  if (!res.ok) throw new Error(`${route} answered ${res.status}, not a success`);
  const body: ApiAnswers[R] = await res.json();
  return body;
}

/**
 * The `message` of an API error body (docs/api.md: every error is `{message}`) when it is meant for
 * a person, or null: a server fault or a body that is not ours leaves the caller's own sentence
 * (client/api-error.ts, readableFailure).
 */
export async function errorMessage(res: Response): Promise<string | null> {
  const body = await readableFailure(res);
  return typeof body?.message === "string" && body.message ? body.message : null;
}
