import "server-only";
import type { z } from "zod";
import { requireOperator } from "@/lib/admin";
import { requireUser, type Authed } from "@/lib/auth/request";
import { config } from "@/lib/config";
import { readJson, validate } from "@/lib/http/body";
import type { Endpoint } from "@/lib/http/endpoint";
import { friendRequestRoute, route } from "@/lib/http/respond";
import { endpointOf, type EndpointOf, type PathParams, type RouteKey } from "./endpoints";

// A route handler from its endpoint's definition (./endpoints.ts; docs/decisions/106): what the definition
// says is done here, once, in the order docs/api.md promises (the session before the path, the query or the
// body is read), and the handler gets it parsed and typed:
//   export const PUT = handle("PUT /api/myprofile/settings", async ({ user, body }) => json(await …));
// `auth: "session"` → requireUser (401, or 403 for a cookie-only write from another origin) and `user`,
// `sessionId`, `token`, `viaCookie`; `operatorsOnly` → a 404 unless the caller is an operator; `query` → its
// schema over the search parameters (400) as `query`; a JSON `body` → read up to its `maxBytes` (413) and
// parsed by its schema (400) as `body`. Errors answer as
// route() makes them (lib/http/respond.ts), with `success: false` for a definition that says `successFlag`.
// A multipart body and a signed image URL stay the handler's to read.

type Params<K extends RouteKey> = { [N in PathParams<K>]: string };

type SchemaOf<T> = T extends { schema: infer S extends z.ZodType } ? z.infer<S> : never;
type AuthPart<E> = E extends { auth: "session" } ? Authed : unknown;
type QueryPart<E> = E extends { query: infer Q } ? { query: SchemaOf<Q> } : unknown;
type BodyPart<E> = E extends { body: infer B extends { encoding: "json"; schema: z.ZodType } }
  ? { body: SchemaOf<B> }
  : unknown;

/** What a handler is handed: the request, its path parameters, and what its definition had read. */
export type Call<K extends RouteKey> = {
  req: Request;
  params: Params<K>;
} & AuthPart<EndpointOf<K>> &
  QueryPart<EndpointOf<K>> &
  BodyPart<EndpointOf<K>>;

export type RouteContext<K extends RouteKey> = { params: Promise<Params<K>> };

export function handle<K extends RouteKey>(
  key: K,
  run: (call: Call<K>) => Promise<Response>,
): (req: Request, ctx: RouteContext<K>) => Promise<Response> {
  const endpoint = endpointOf(key);
  const { auth, query, body, successFlag, operatorsOnly } = endpoint as Endpoint;
  const wrap = successFlag ? friendRequestRoute : route;
  return wrap<RouteContext<K>>(async (req, ctx) => {
    const authed = auth === "session" ? await requireUser(req) : undefined;
    if (operatorsOnly) requireOperator(authed!.user, config().ADMIN_EMAILS);
    const params = (await ctx?.params) ?? {};
    const parts: Record<string, unknown> = { ...authed, req, params };
    if (query) parts.query = validate(query.schema, Object.fromEntries(new URL(req.url).searchParams));
    if (body?.encoding === "json" && body.schema) parts.body = await readJson(req, body.schema, body.maxBytes);
    return run(parts as Call<K>);
  });
}
