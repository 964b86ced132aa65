import type http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { SESSION_COOKIE } from "../lib/auth/cookie-name";
import { cookieFromHeader } from "../lib/http/cookies";
import { LANGUAGE_COOKIE, chooseLocale, localePath, splitLocalePath } from "../lib/i18n/choose";
import { isProtectedPage, signedInGoesFrom } from "../lib/http/protected-pages";
import { contentSecurityPolicy, imageOrigins, securityHeaders } from "../lib/security/headers";
import { NEXT_NOT_A_VISIT, prerenderedPageHeaders } from "../lib/next-internals";
import { readStaticPageFiles } from "../lib/security/static-pages";
import { GZIP_OPTIONS, isGetOrHead, prepareAnswer, sendPrepared, type PreparedAnswer } from "./prepared-answer";

// The static shells (docs/decisions/084) sent by this server as a file server in front of Next
// would send them (docs/decisions/092): the same bytes and headers Next gives a plain visit, made
// once when the server starts, the gzip too. Anything else about such a path goes on to Next:
// a query (`?_rsc=` and the rest), a client navigation's or prefetch's RSC request, any method
// but GET and HEAD, a protected screen without the session cookie (proxy.ts sends it to /login),
// the front page with one (proxy.ts sends it to the dashboard).
// tests/api/static-shells.test.ts holds every shell of the build to what Next itself answers.

export interface StaticShell {
  answer: PreparedAnswer;
  /** A signed-in screen: taken only with a session cookie (lib/http/protected-pages.ts). */
  protected: boolean;
  /** A page for visitors (the front page): taken only without one. */
  forVisitors: boolean;
}

/**
 * The build's static shells, each with the answer Next would give: the path inside the app (under
 * its language's segment, docs/decisions/144) → shell. None without a build.
 */
export function loadStaticShells(distDir: string, cfg: Parameters<typeof imageOrigins>[0]): Map<string, StaticShell> {
  const shells = new Map<string, StaticShell>();
  const images = imageOrigins(cfg);
  for (const [route, page] of readStaticPageFiles(path.resolve(distDir))) {
    if (route.startsWith("/_")) continue; // Next's own not-found and error pages, no address of ours
    if (route.startsWith("/bench/")) continue; // the bench's baselines are Next's own answers (docs/decisions/083)
    const address = splitLocalePath(route)?.address;
    if (address === undefined) continue;
    const body = Buffer.from(page.html, "utf8");
    // The same order and values as Next's own answer (lib/next-internals.ts).
    const next = prerenderedPageHeaders(page);
    const headers: Record<string, string> = {
      ...securityHeaders(cfg.APP_URL),
      "Content-Security-Policy": contentSecurityPolicy({ hashes: page.hashes }, false, images),
      ...next.before,
      ...next.meta,
      // What Next says of a page proxy.ts put under its language's segment (docs/decisions/144).
      "x-middleware-rewrite": route,
    };
    shells.set(route, {
      answer: prepareAnswer(body, headers, zlib.gzipSync(body, GZIP_OPTIONS)),
      protected: isProtectedPage(address),
      forVisitors: signedInGoesFrom(address) !== null,
    });
  }
  return shells;
}

/** Answers a plain visit of a static shell and says so; false leaves the request to Next. */
export function sendStaticShell(
  shells: ReadonlyMap<string, StaticShell>,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: string,
): boolean {
  if (shells.size === 0 || !isGetOrHead(req)) return false;
  // The page in the language this browser is given, as proxy.ts chooses it.
  const locale = chooseLocale(cookieFromHeader(req.headers.cookie, LANGUAGE_COOKIE), req.headers["accept-language"]);
  const shell = shells.get(localePath(locale, url)); // a query, a trailing slash or another spelling is Next's
  if (!shell) return false;
  for (const name of NEXT_NOT_A_VISIT) if (req.headers[name] !== undefined) return false;
  // Without a session cookie that has a value, proxy.ts sends the browser to /login; the page checks the session itself.
  // With one, proxy.ts sends it on from the front page to the dashboard.
  const session = Boolean(cookieFromHeader(req.headers.cookie, SESSION_COOKIE));
  if (shell.protected ? !session : shell.forVisitors && session) return false;
  sendPrepared(shell.answer, req, res);
  return true;
}
