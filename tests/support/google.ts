import { parseSetCookie } from "./auth";
import { testEnv } from "./env";
import { IDENTITY_COOKIE, encodeIdentity, type TestIdentity } from "../../scripts/test/oidc";

/**
 * A whole Google sign-in over plain HTTP, as a browser would follow it: /api/auth/google → the
 * test OpenID provider (which signs `identity` in) → /api/auth/callback/google, up to the first
 * page of ours it lands on (/oauth-success, or /login). Returns that address and the cookies set
 * on our origin on the way. The browser flow is in e2e/google.spec.ts.
 */
export async function followGoogleSignIn(identity: TestIdentity): Promise<{ landing: URL; jar: Map<string, string> }> {
  const ours = new URL(testEnv.baseUrl).origin;
  const jar = new Map<string, string>();
  let url = new URL("/api/auth/google", testEnv.baseUrl);
  for (let hop = 0; hop < 8; hop++) {
    const cookie =
      url.origin === ours
        ? [...jar]
            .filter(([, v]) => v)
            .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
            .join("; ")
        : `${IDENTITY_COOKIE}=${encodeIdentity(identity)}`;
    const res = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
    if (url.origin === ours) {
      for (const line of res.headers.getSetCookie()) {
        const c = parseSetCookie(line);
        jar.set(c.name, c.value);
      }
    }
    const location = res.headers.get("location");
    if (!location) throw new Error(`Google sign-in stopped at ${url.pathname} with ${res.status}`);
    url = new URL(location, url);
    if (url.origin === ours && (url.pathname === "/oauth-success" || url.pathname === "/login"))
      return { landing: url, jar };
  }
  throw new Error("Google sign-in did not finish");
}

/** A Google sign-in that must succeed: the session token the callback hands over. */
export async function googleSignIn(identity: TestIdentity): Promise<string> {
  const { landing } = await followGoogleSignIn(identity);
  if (landing.pathname === "/login") throw new Error(`Google sign-in failed: ${landing.search}${landing.hash}`);
  return landing.searchParams.get("token")!;
}
