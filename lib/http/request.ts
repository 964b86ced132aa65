import "server-only";
import { config } from "@/lib/config";
import { cookieFromHeader } from "./cookies";

// What a request says, read the same way by every route: whether its method changes anything, its
// cookies, whether our cookies get `Secure` on its answer (lib/auth/request.ts, ./wrote-cookie.ts).

/** Methods that change nothing: no cross-origin check for a cookie, no read-your-writes mark. */
export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A cookie's value, or undefined when it is absent or not validly %-encoded. */
export function readCookie(req: Request, cookieName: string): string | undefined {
  return cookieFromHeader(req.headers.get("cookie"), cookieName);
}

/** Whether our cookies get `Secure`: Inkwell is served over https, or this request came over it. */
export function secureCookies(req: Request): boolean {
  return config().APP_URL.startsWith("https:") || new URL(req.url).protocol === "https:";
}
