import { NextResponse, type NextRequest } from "next/server";
import { config as appConfig } from "@/lib/config";
import { SESSION_COOKIE } from "@/lib/auth/cookie-name";
import {
  CORS_ALLOWED_HEADERS,
  CORS_ALLOWED_METHODS,
  contentSecurityPolicy,
  imageOrigins,
  securityHeaders,
} from "@/lib/security/headers";

// Only redirects and headers here (docs/style.md 3): every page and handler checks the session itself.
const PROTECTED = ["/dashboard", "/close-circle", "/my-diary", "/me", "/public", "/notifications"];

function isProtected(pathname: string) {
  return PROTECTED.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

function withHeaders(res: NextResponse, csp: string) {
  res.headers.set("Content-Security-Policy", csp);
  for (const [k, v] of Object.entries(securityHeaders(appConfig().APP_URL))) res.headers.set(k, v);
  return res;
}

function withCors(res: NextResponse, origin: string) {
  res.headers.set("Access-Control-Allow-Origin", origin);
  res.headers.set("Access-Control-Allow-Credentials", "true");
  res.headers.set("Access-Control-Allow-Headers", CORS_ALLOWED_HEADERS);
  res.headers.set("Access-Control-Allow-Methods", CORS_ALLOWED_METHODS);
  res.headers.set("Access-Control-Max-Age", "600");
  return res;
}

let pageImageOrigins: readonly string[] | undefined;

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development", (pageImageOrigins ??= imageOrigins(appConfig())));

  if (pathname.startsWith("/api/")) {
    const origin = request.headers.get("origin");
    const corsOrigin = origin && appConfig().CORS_ORIGINS.includes(origin) ? origin : null;
    if (request.method === "OPTIONS" && corsOrigin) {
      return withHeaders(withCors(new NextResponse(null, { status: 204 }), corsOrigin), csp);
    }
    const res = withHeaders(NextResponse.next(), csp);
    res.headers.append("Vary", "Origin");
    return corsOrigin ? withCors(res, corsOrigin) : res;
  }

  if (isProtected(pathname) && !request.cookies.get(SESSION_COOKIE)?.value) {
    return withHeaders(NextResponse.redirect(new URL("/login", request.url)), csp);
  }

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  return withHeaders(NextResponse.next({ request: { headers: requestHeaders } }), csp);
}

// Not for build assets, the icon and the benchmark's baselines (STATIC_ASSET in lib/http/paths.ts;
// scripts/server.ts gives them their headers): a page's dozen script and style requests cost no
// nonce and no header work, and /bench/baseline is a bare route handler.
export const config = {
  matcher: ["/((?!_next/static/|_next/image|icon\\.svg|favicon\\.ico|bench/).*)"],
};
