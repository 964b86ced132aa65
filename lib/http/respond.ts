import "server-only";
import { NextResponse } from "next/server";
import { HttpError } from "@/lib/errors";

export function json(body: unknown, init?: ResponseInit): NextResponse {
  return NextResponse.json(body, init);
}

/** Maps a thrown error to `{message}` with its status; anything unexpected is a logged 500. */
export function toResponse(err: unknown): NextResponse {
  if (err instanceof HttpError) {
    return NextResponse.json({ message: err.message }, { status: err.status, headers: err.headers });
  }
  console.error("Unhandled error in route handler:", err);
  return NextResponse.json({ message: "Something went wrong" }, { status: 500 });
}

type Handler<C> = (req: Request, ctx: C) => Promise<Response>;

/** Wraps a route handler so that thrown errors become API.md's error shape. */
export function route<C = unknown>(handler: Handler<C>): Handler<C> {
  return async (req, ctx) => {
    try {
      return await handler(req, ctx);
    } catch (err) {
      return toResponse(err);
    }
  };
}
