import "server-only";
import { NextResponse } from "next/server";
import { markWrite } from "@/lib/db/read-your-writes";
import { HttpError } from "@/lib/errors";
import { logError } from "@/lib/log";

export function json(body: unknown, init?: ResponseInit): NextResponse {
  return NextResponse.json(body, init);
}

/**
 * Maps a thrown error to `{message}` with its status; anything unexpected is a logged 500.
 * `extra` fields join every error body (docs/api.md: friend-request errors add `success: false`).
 */
export function toResponse(err: unknown, extra: Record<string, unknown> = {}): NextResponse {
  if (err instanceof HttpError) {
    return NextResponse.json({ ...extra, message: err.message }, { status: err.status, headers: err.headers });
  }
  logError("api", "Unhandled error in route handler", err);
  return NextResponse.json({ ...extra, message: "Something went wrong" }, { status: 500 });
}

type Handler<C> = (req: Request, ctx: C) => Promise<Response>;

/**
 * Wraps a route handler so that thrown errors become docs/api.md's error shape. Answers are `no-store`
 * unless the handler chose otherwise (a photo may be kept privately): what one signed-in person
 * was told must not be kept by a shared cache or the browser's back-forward history. A successful
 * write's answer carries the read-your-writes cookie (lib/db/read-your-writes.ts).
 */
export function route<C = unknown>(handler: Handler<C>, { errorFields }: { errorFields?: Record<string, unknown> } = {}): Handler<C> {
  return async (req, ctx) => {
    let res: Response;
    try {
      res = await handler(req, ctx);
    } catch (err) {
      res = toResponse(err, errorFields);
    }
    if (!res.headers.has("Cache-Control")) res.headers.set("Cache-Control", "no-store");
    markWrite(req, res);
    return res;
  };
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
export function otherMethods(...allowed: Method[]): Record<Method, () => Promise<NextResponse>> {
  return methodNotAllowed(allowed, {});
}

/** `otherMethods()` for the friend-request endpoints: their 405 carries `success: false` too. */
export function otherFriendRequestMethods(...allowed: Method[]): Record<Method, () => Promise<NextResponse>> {
  return methodNotAllowed(allowed, { success: false });
}

function methodNotAllowed(allowed: Method[], errorFields: Record<string, unknown>): Record<Method, () => Promise<NextResponse>> {
  const allow = allowed.join(", ");
  const handler = async () =>
    NextResponse.json(
      { ...errorFields, message: `Method not allowed. Use ${allow}.` },
      { status: 405, headers: { Allow: allow, "Cache-Control": "no-store" } },
    );
  return Object.fromEntries(METHODS.map((m) => [m, handler])) as Record<Method, () => Promise<NextResponse>>;
}
