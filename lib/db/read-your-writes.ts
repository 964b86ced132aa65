import "server-only";
import { cookies } from "next/headers";
import { SAFE_METHODS, readCookie, secureCookies } from "@/lib/auth/request";
import { config } from "@/lib/config";
import { getDb, getReadDb, type Db } from "./client";

// Read-your-writes with read replicas (docs/decisions/036-read-replicas.md): a successful write
// answers with a short-lived cookie, and while the browser holds it that person's lag-tolerant
// reads go to the primary. It lives in the browser, not in one instance's memory, so it holds
// whichever instance the next request reaches.

export const WROTE_COOKIE = "wrote";
/** How long after a write a person's reads stay on the primary: well above a healthy replica's lag. */
export const READ_YOUR_WRITES_SECONDS = 5;

/** The database for a lag-tolerant read for this request: the primary for a few seconds after its sender wrote. */
export function getReadDbFor(req: Request): Db {
  return readCookie(req, WROTE_COOKIE) ? getDb() : getReadDb();
}

/** The same for a server-rendered page, from the request's cookies. */
export async function getReadDbForPage(): Promise<Db> {
  return (await cookies()).has(WROTE_COOKIE) ? getDb() : getReadDb();
}

/** Marks a successful write's answer so that the sender's next reads see it (route() calls this). */
export function markWrite(req: Request, res: Response): void {
  if (!config().DATABASE_REPLICA_URLS.length || SAFE_METHODS.has(req.method) || res.status >= 400) return;
  const secure = secureCookies(req) ? "; Secure" : "";
  res.headers.append("Set-Cookie", `${WROTE_COOKIE}=1; Path=/; Max-Age=${READ_YOUR_WRITES_SECONDS}; HttpOnly; SameSite=Lax${secure}`);
}
