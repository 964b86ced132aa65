import "server-only";
import { NextResponse } from "next/server";
import { config } from "@/lib/config";
import { markWrite } from "@/lib/http/wrote-cookie";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  connectionLost,
  databaseUnavailable,
} from "@/lib/db/unavailable";
import { ConflictError, HttpError, ValidationError, SOMETHING_WENT_WRONG } from "@/lib/errors";
import { errorBody } from "@/lib/http/message-codes";
import { describeError, logError } from "@/lib/log";
import { apiHeaders } from "@/lib/security/headers";

/** A warning's description without its stack: what happened, not where (it is not a bug of ours). */
const firstLine = (text: string) => text.split("\n", 1)[0]!;

export function json(body: unknown, init?: ResponseInit): NextResponse {
  return NextResponse.json(body, init);
}

/**
 * Maps a thrown error to `{message, code}` with its status (a 400 adds every issue as `errors`,
 * docs/decisions/048-one-way-to-write-a-form.md, and a 409 the field that clashes, when one does;
 * the codes are docs/decisions/142's); anything unexpected is a logged 500.
 * `extra` fields join every error body (docs/api.md: friend-request errors add `success: false`).
 */
export function toResponse(err: unknown, extra: Record<string, unknown> = {}): NextResponse {
  if (err instanceof ValidationError || (err instanceof ConflictError && err.errors)) {
    return NextResponse.json(
      { ...extra, ...errorBody(err.status, err.message, err.errors) },
      { status: err.status, headers: err.headers },
    );
  }
  if (err instanceof HttpError) {
    return NextResponse.json(
      { ...extra, ...errorBody(err.status, err.message) },
      { status: err.status, headers: err.headers },
    );
  }
  // The database is gone, unreachable or too slow (docs/decisions/041): the service, not the
  // request, is at fault, and it says when to come back. A warning, not a fault: nothing to fix here.
  if (databaseUnavailable(err)) {
    console.warn(`[db] Answered 503, the database is unavailable: ${firstLine(describeError(err))}`);
    const headers = { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) };
    return NextResponse.json({ ...extra, ...errorBody(503, DATABASE_UNAVAILABLE_MESSAGE) }, { status: 503, headers });
  }
  logError("api", "Unhandled error in route handler", err);
  return NextResponse.json({ ...extra, ...errorBody(500, SOMETHING_WENT_WRONG) }, { status: 500 });
}

type Handler<C> = (req: Request, ctx: C) => Promise<Response>;

/**
 * Wraps a route handler so that thrown errors become docs/api.md's error shape. Answers are `no-store`
 * unless the handler chose otherwise (a photo may be kept privately): what one signed-in person
 * was told must not be kept by a shared cache or the browser's back-forward history. A successful
 * write's answer carries the read-your-writes cookie (lib/http/wrote-cookie.ts). A read (GET,
 * HEAD) whose database connection was lost under it is run once more, on another connection: it
 * changed nothing that a second run could double (docs/decisions/041). Every answer carries the
 * API's headers, CORS included (withApiHeaders): inside Next, so any host that runs Next sends them
 * (docs/decisions/058).
 */
export function route<C = unknown>(
  handler: Handler<C>,
  { errorFields }: { errorFields?: Record<string, unknown> } = {},
): Handler<C> {
  return async (req, ctx) => {
    let res: Response;
    try {
      res = await runOnceMore(req, () => handler(req, ctx));
    } catch (err) {
      res = toResponse(err, errorFields);
    }
    if (!res.headers.has("Cache-Control")) res.headers.set("Cache-Control", "no-store");
    markWrite(req, res);
    return withApiHeaders(req, res);
  };
}

/**
 * The API's headers on an answer (lib/security/headers.ts, apiHeaders): the security headers, HSTS
 * over https, NO_PAGE_CSP, `Vary: Origin` and, for an Origin in CORS_ORIGINS, CORS with credentials.
 * next.config.ts sets the fixed ones on Next's own answers too; these depend on the settings.
 */
export function withApiHeaders<R extends Response>(req: Request, res: R): R {
  const { APP_URL: appUrl, CORS_ORIGINS: corsOrigins } = config();
  const { headers } = apiHeaders({ method: req.method, origin: req.headers.get("origin"), appUrl, corsOrigins });
  for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
  return res;
}

const RETRIED_METHODS = new Set(["GET", "HEAD"]);

async function runOnceMore(req: Request, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (err) {
    if (!RETRIED_METHODS.has(req.method) || !connectionLost(err)) throw err;
    console.warn(`[db] A read lost its connection; trying it once more: ${firstLine(describeError(err))}`);
    // Let the pool hear of the other connections the same event ended before it lends one out.
    await new Promise((resolve) => setImmediate(resolve));
    return run();
  }
}

/** `route()` for the friend-request endpoints, whose errors carry `success: false` as their answers carry `success: true` (docs/api.md). */
export function friendRequestRoute<C = unknown>(handler: Handler<C>): Handler<C> {
  return route(handler, { errorFields: { success: false } });
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * Handlers for the methods a route does not serve: a 405 in docs/api.md's error shape with `Allow`
 * (Next's own 405 has an empty body). Use: `export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");`
 */
export function otherMethods(...allowed: Method[]): Record<Method, (req: Request) => Promise<NextResponse>> {
  return methodNotAllowed(allowed, {});
}

/** `otherMethods()` for the friend-request endpoints: their 405 carries `success: false` too. */
export function otherFriendRequestMethods(
  ...allowed: Method[]
): Record<Method, (req: Request) => Promise<NextResponse>> {
  return methodNotAllowed(allowed, { success: false });
}

function methodNotAllowed(
  allowed: Method[],
  errorFields: Record<string, unknown>,
): Record<Method, (req: Request) => Promise<NextResponse>> {
  const allow = allowed.join(", ");
  const handler = async (req: Request) =>
    withApiHeaders(
      req,
      NextResponse.json(
        { ...errorFields, ...errorBody(405, `Method not allowed. Use ${allow}.`) },
        { status: 405, headers: { Allow: allow, "Cache-Control": "no-store" } },
      ),
    );
  return Object.fromEntries(METHODS.map((m) => [m, handler])) as Record<
    Method,
    (req: Request) => Promise<NextResponse>
  >;
}
