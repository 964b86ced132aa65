import "server-only";
import { NextResponse } from "next/server";
import { SAFE_METHODS, readCookie, secureCookies } from "./request";
import { config } from "@/lib/config";

// The read-your-writes cookie (docs/decisions/036-read-replicas.md): a successful write answers
// with a short-lived cookie, and while the browser holds it that person's lag-tolerant reads go to
// the primary (./read-your-writes.ts). It lives in the browser, not in one instance's memory,
// so it holds whichever instance the next request reaches.

export const WROTE_COOKIE = "wrote";
/** How long after a write a person's reads stay on the primary: well above a healthy replica's lag. */
export const READ_YOUR_WRITES_SECONDS = 5;

/** Whether this request's sender wrote in the last few seconds. */
export function wroteRecently(req: Request): boolean {
  return Boolean(readCookie(req, WROTE_COOKIE));
}

/**
 * Marks a successful write's answer so that the sender's next reads see it (route() calls this).
 * The cookie is made by Next's cookie API (`NextResponse.cookies`) on a response of its own and
 * added to the answer: `res.cookies.set` would rewrite every `Set-Cookie` of the answer from what it
 * parsed when the answer was made, and the answer may be a plain Response.
 */
export function markWrite(req: Request, res: Response): void {
  if (!config().DATABASE_REPLICA_URLS.length || SAFE_METHODS.has(req.method) || res.status >= 400) return;
  const made = new NextResponse(null);
  made.cookies.set(WROTE_COOKIE, "1", {
    path: "/",
    maxAge: READ_YOUR_WRITES_SECONDS,
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(req),
  });
  for (const cookie of made.headers.getSetCookie()) res.headers.append("Set-Cookie", cookie);
}
