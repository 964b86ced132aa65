import path from "node:path";
import { NextResponse, type NextRequest } from "next/server";
import { config as appConfig } from "@/lib/config";
import { MALFORMED_URL_MESSAGE } from "@/lib/errors";
import { errorBody } from "@/lib/http/message-codes";
import { SESSION_COOKIE } from "@/lib/auth/cookie-name";
import { LANGUAGE_COOKIE, chooseLocale, localePath } from "@/lib/i18n/choose";
import { isProtectedPage, signedInGoesFrom } from "@/lib/http/protected-pages";
import { NO_PAGE_CSP, apiHeaders, contentSecurityPolicy, imageOrigins, securityHeaders } from "@/lib/security/headers";
import { readStaticPages } from "@/lib/security/static-pages";

// Only redirects and headers here (docs/style.md 3): every page and handler checks the session itself.

function withHeaders(res: NextResponse, csp: string) {
  res.headers.set("Content-Security-Policy", csp);
  for (const [k, v] of Object.entries(securityHeaders(appConfig().APP_URL))) res.headers.set(k, v);
  return res;
}

let pageImageOrigins: readonly string[] | undefined;
// The static shells of this build (docs/decisions/084), read once: path → its whole policy, which
// lists its scripts' hashes rather than a nonce, so it is made once too.
let staticPolicies: Map<string, string> | undefined;

function staticPolicy(pathname: string, dev: boolean, images: readonly string[]): string | undefined {
  if (!staticPolicies) {
    staticPolicies = new Map();
    if (!dev)
      for (const [route, hashes] of readStaticPages(path.join(process.cwd(), ".next")))
        staticPolicies.set(route, contentSecurityPolicy({ hashes }, dev, images));
  }
  return staticPolicies.get(pathname);
}

/** Whether the path's %-escapes decode (Next answers one that does not with a 500 or a redirect). */
function decodable(pathname: string) {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** A path with a malformed %-escape: a 400 with our headers, the API's JSON error for /api. */
function malformed(request: NextRequest, api: boolean) {
  const { APP_URL: appUrl, CORS_ORIGINS: corsOrigins } = appConfig();
  const headers = api
    ? apiHeaders({ method: request.method, origin: request.headers.get("origin"), appUrl, corsOrigins }).headers
    : { ...securityHeaders(appUrl), "Content-Security-Policy": NO_PAGE_CSP };
  const init = { status: 400, headers: { ...headers, "Cache-Control": "no-store" } };
  return api
    ? NextResponse.json(errorBody(400, MALFORMED_URL_MESSAGE), init)
    : new NextResponse("Bad request: the address is malformed.\n", {
        ...init,
        headers: { ...init.headers, "Content-Type": "text/plain; charset=utf-8" },
      });
}

/**
 * A CORS preflight to /api (the matcher's second entry: only a request that carries
 * Access-Control-Request-Method reaches here for /api): an allowed origin's is answered 204 with the
 * Access-Control headers; any other goes on to Next's own OPTIONS answer, allowing nothing.
 */
function preflight(request: NextRequest) {
  const { APP_URL: appUrl, CORS_ORIGINS: corsOrigins } = appConfig();
  const { headers, preflight } = apiHeaders({
    method: request.method,
    origin: request.headers.get("origin"),
    appUrl,
    corsOrigins,
  });
  return preflight ? new NextResponse(null, { status: 204, headers }) : NextResponse.next();
}

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const api = pathname === "/api" || pathname.startsWith("/api/");
  if (!decodable(pathname)) return malformed(request, api);
  if (api) return preflight(request);
  const dev = process.env.NODE_ENV === "development";
  const images = (pageImageOrigins ??= imageOrigins(appConfig()));
  // Every page sits under its language's segment (app/[locale], docs/decisions/144): the address
  // stays the same for every language, and the page is the language this browser is given. The
  // PDF's fonts (app/pdf-fonts) are a route handler outside it, which keeps its address.
  const locale = chooseLocale(request.cookies.get(LANGUAGE_COOKIE)?.value, request.headers.get("accept-language"));
  const page = !pathname.startsWith("/pdf-fonts/");
  const inside = new URL(`${page ? localePath(locale, pathname) : pathname}${request.nextUrl.search}`, request.url);
  const shell = staticPolicy(inside.pathname, dev, images);
  // A static shell is served as built: no nonce reaches it, so none is made.
  const nonce = shell ? null : Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = shell ?? contentSecurityPolicy({ nonce: nonce! }, dev, images);
  // next.config.ts skips Next's trailing-slash redirect for the sake of /api; pages keep it.
  if (pathname.length > 1 && pathname.endsWith("/")) {
    const url = new URL(`${pathname.replace(/\/+$/, "") || "/"}${request.nextUrl.search}`, request.url);
    return withHeaders(NextResponse.redirect(url, 308), csp);
  }

  const session = Boolean(request.cookies.get(SESSION_COOKIE)?.value);
  if (isProtectedPage(pathname) && !session) {
    return withHeaders(NextResponse.redirect(new URL("/login", request.url)), csp);
  }
  const onward = session ? signedInGoesFrom(pathname) : null;
  if (onward) return withHeaders(NextResponse.redirect(new URL(onward, request.url)), csp);

  const answer = (init?: { request: { headers: Headers } }) =>
    page ? NextResponse.rewrite(inside, init) : NextResponse.next(init);
  if (!nonce) return withHeaders(answer(), csp);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  return withHeaders(answer({ request: { headers: requestHeaders } }), csp);
}

// Pages, and CORS preflights to /api. Not for other /api requests, build assets, the icon and the
// benchmark's baselines (docs/decisions/039, 058): an API call or a page's dozen script and style
// requests cost no nonce and no header work (next.config.ts and route() give them their headers),
// and /bench/baseline, /cron/maintenance and the service worker (/serwist/sw.js) are bare route handlers;
// the manifest and its icons and screenshots (app/manifest.ts, public/), robots.txt and the front page's pictures (public/front/) are files like the icon. The second entry runs only for a request carrying
// Access-Control-Request-Method, which only a browser's preflight sends; the third only for a path
// with a `%` in it (rare on the API, whose paths hold ids and dates), to refuse a malformed %-escape.
export const config = {
  matcher: [
    "/((?!api/|api$|cron/|_next/static/|_next/image|icon\\.svg|favicon\\.ico|bench/|serwist/|manifest\\.webmanifest|icons/|screenshots/|front/|robots\\.txt).*)",
    { source: "/api/:path*", has: [{ type: "header", key: "access-control-request-method" }] },
    "/api/:path(.*%.*)",
  ],
};
