import { NextResponse, type NextRequest } from "next/server";
import { config as appConfig } from "@/lib/config";
import { SESSION_COOKIE } from "@/lib/auth/cookie-name";
import { contentSecurityPolicy, imageOrigins, securityHeaders } from "@/lib/security/headers";

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

let pageImageOrigins: readonly string[] | undefined;

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development", (pageImageOrigins ??= imageOrigins(appConfig())));

  if (isProtected(pathname) && !request.cookies.get(SESSION_COOKIE)?.value) {
    return withHeaders(NextResponse.redirect(new URL("/login", request.url)), csp);
  }

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  return withHeaders(NextResponse.next({ request: { headers: requestHeaders } }), csp);
}

// Pages only. Not for /api, build assets, the icon and the benchmark's baselines (isApiPath and
// STATIC_ASSET in lib/http/paths.ts; server/server.ts gives them their headers, and CORS to /api): an API call or a
// page's dozen script and style requests cost no nonce and no header work, and /bench/baseline is
// a bare route handler.
export const config = {
  matcher: ["/((?!api/|api$|_next/static/|_next/image|icon\\.svg|favicon\\.ico|bench/).*)"],
};
