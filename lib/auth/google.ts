import "server-only";
import { LANGUAGE_COOKIE, chooseLocale } from "@/lib/i18n/choose";
import NextAuth, { type AuthOptions } from "next-auth";
import GoogleProvider, { type GoogleProfile } from "next-auth/providers/google";
import { cookies, headers } from "next/headers";
import { NextRequest, NextResponse } from "next/server";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { ForbiddenError } from "@/lib/errors";
import { logError, oneLine } from "@/lib/log";
import { findOrCreateGoogleUser } from "./google-user";
import { allowedOrigin } from "./origins";
import { secureCookies } from "@/lib/http/request";
import { setSessionCookie } from "./request";
import { createSession } from "./sessions";
import { isTwoFactorOn } from "./two-factor";
import { startTwoFactorChallenge } from "./two-factor-challenge";

// Google sign-in through next-auth v4, bridged into our own sessions (docs/decisions/008).
// next-auth only runs the OAuth dance (state, PKCE, the code exchange, the ID token check);
// its signIn callback makes one of OUR sessions and sends the browser to /oauth-success.

const OAUTH_FAILED = "/login?error=oauth";
const GOOGLE_NOT_CONFIGURED = "/login?error=google-not-configured";
const SUCCESS_PATH = "/oauth-success";
// An account with two-factor sign-in on goes to /login's code step with its challenge in the
// address's fragment, which no server, log or Referer sees (docs/decisions/073).
const CODE_STEP_PATH = "/login";
const CHALLENGE_PARAM = "challenge";
// Where a sign-in started from another allowed origin goes back to, for the length of the dance
// (docs/decisions/012). Only ever an origin of CORS_ORIGINS, checked when set and again when read.
const ORIGIN_COOKIE = "inkwell_oauth_origin";
const ORIGIN_COOKIE_SECONDS = 10 * 60;

function authOptions(): AuthOptions {
  const cfg = config();
  return {
    secret: cfg.NEXTAUTH_SECRET,
    providers: [
      GoogleProvider({
        clientId: cfg.GOOGLE_CLIENT_ID!,
        clientSecret: cfg.GOOGLE_CLIENT_SECRET!,
        // Any OpenID provider can stand in for Google: the tests run a real one on loopback.
        wellKnown: `${cfg.GOOGLE_ISSUER}/.well-known/openid-configuration`,
        issuer: cfg.GOOGLE_ISSUER,
      }),
    ],
    callbacks: {
      async signIn({ profile }) {
        const p = profile as GoogleProfile | undefined;
        if (!p?.sub || !p.email) return false;
        const db = getDb();
        const identity = { sub: p.sub, email: p.email, emailVerified: p.email_verified === true, name: p.name ?? "" };
        let token;
        try {
          const asked = await headers();
          const language = chooseLocale((await cookies()).get(LANGUAGE_COOKIE)?.value, asked.get("accept-language"));
          const user = await findOrCreateGoogleUser({ db, identity, language });
          // Two-factor sign-in on: no session yet, the code step of /login instead (docs/decisions/073).
          if (await isTwoFactorOn({ db, userId: user.id }))
            return `${cfg.APP_URL}${CODE_STEP_PATH}?${CHALLENGE_PARAM}=${encodeURIComponent(await startTwoFactorChallenge({ db, userId: user.id }))}`;
          token = await createSession({ db, userId: user.id, userAgent: asked.get("user-agent"), language });
        } catch (err) {
          // Refused (an unverified email, a suspended account) or failed: the browser goes to /login?error=oauth either way.
          if (err instanceof ForbiddenError) console.warn(`[google] sign-in refused: ${err.message}`);
          else logError("google", "sign-in failed", err);
          return false;
        }
        return `${cfg.APP_URL}${SUCCESS_PATH}?token=${encodeURIComponent(token)}`;
      },
    },
    // A refused consent or a provider error is a normal event here, not a server fault.
    logger: {
      // The message can echo the callback's `?error=` parameter, which anyone can write: one line only.
      error: (code, metadata) =>
        console.warn(
          `[google] sign-in failed (${oneLine(code, 60)}): ${oneLine((metadata instanceof Error ? metadata.message : metadata.error?.message) ?? "", 200)}`,
        ),
      warn: (code) => console.warn(`[google] next-auth warning ${oneLine(code, 60)}`),
      debug: () => undefined,
    },
  };
}

type RouteHandler = (req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;

function callNextAuth(req: NextRequest, action: string[]): Promise<Response> {
  const handler = NextAuth(authOptions()) as RouteHandler;
  return handler(req, { params: Promise.resolve({ nextauth: action }) });
}

function redirect(location: string, cookies: string[] = []): NextResponse {
  const h = new Headers({ Location: new URL(location, config().APP_URL).toString() });
  for (const c of cookies) h.append("Set-Cookie", c);
  return new NextResponse(null, { status: 302, headers: h });
}

const isCsrfCookie = (line: string) => /^(__Host-)?next-auth\.csrf-token=/.test(line);

/**
 * The allowed client origin a sign-in starts from: `?origin=`, else the Referer's (on the first
 * visit only: our own `?step=2` hop carries it in the address); null for our own pages.
 */
function startOrigin(req: NextRequest): string | null {
  const params = req.nextUrl.searchParams;
  const explicit = params.get("origin");
  if (explicit !== null || params.get("step") === "2") return allowedOrigin(explicit);
  return allowedOrigin(req.headers.get("referer"));
}

/** Remembers the client origin for the callback, or forgets one left by an earlier sign-in. */
function rememberOrigin(res: NextResponse, req: NextRequest, origin: string | null): NextResponse {
  if (!origin && !req.cookies.has(ORIGIN_COOKIE)) return res;
  res.cookies.set(ORIGIN_COOKIE, origin ?? "", {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(req),
    path: "/api/auth",
    maxAge: origin ? ORIGIN_COOKIE_SECONDS : 0,
  });
  return res;
}

const failedFor = (origin: string | null) => `${origin ?? ""}${OAUTH_FAILED}`;

/**
 * GET /api/auth/google. next-auth v4 starts a sign-in only on a POST carrying its CSRF token, so
 * this does that POST server-side: the first visit gets next-auth's CSRF cookie and comes back once
 * (`?step=2`); the second posts the token with that cookie and forwards next-auth's redirect to Google.
 */
export async function startGoogleSignIn(req: NextRequest): Promise<NextResponse> {
  const cfg = config();
  if (!cfg.GOOGLE_ENABLED) return redirect(GOOGLE_NOT_CONFIGURED);
  const origin = startOrigin(req);
  const base = `${cfg.APP_URL}/api/auth`;
  const csrf = await callNextAuth(new NextRequest(`${base}/csrf`), ["csrf"]);
  const csrfCookies = csrf.headers.getSetCookie();
  if (csrfCookies.some(isCsrfCookie)) {
    // A second visit that still has no cookie: the browser refuses cookies, and the flow could not finish.
    if (req.nextUrl.searchParams.get("step") === "2") return rememberOrigin(redirect(failedFor(origin)), req, null);
    // Our redirects send no Referer, so the origin travels in the address.
    const again = new URLSearchParams(origin ? { step: "2", origin } : { step: "2" });
    return redirect(`/api/auth/google?${again}`, csrfCookies);
  }
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signin = await callNextAuth(
    new NextRequest(`${base}/signin/google`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${cfg.APP_URL}/dashboard` }).toString(),
    }),
    ["signin", "google"],
  );
  const location = signin.headers.get("location");
  // Anything but a redirect away from us (to the provider) is next-auth's own error page.
  if (!location || new URL(location, cfg.APP_URL).origin === new URL(cfg.APP_URL).origin) {
    return rememberOrigin(redirect(failedFor(origin)), req, null);
  }
  return rememberOrigin(redirect(location, [...csrfCookies, ...signin.headers.getSetCookie()]), req, origin);
}

/**
 * GET /api/auth/callback/google: next-auth checks the answer; we set our session cookie and send
 * the browser to /oauth-success on our origin, or on the allowed origin the sign-in started from
 * (an account with two-factor sign-in on: no cookie, and /login's code step there instead).
 */
export async function finishGoogleSignIn(req: NextRequest): Promise<NextResponse> {
  const cfg = config();
  if (!cfg.GOOGLE_ENABLED) return redirect(GOOGLE_NOT_CONFIGURED);
  // Checked again: CORS_ORIGINS decides, not whatever the cookie says.
  const origin = allowedOrigin(req.cookies.get(ORIGIN_COOKIE)?.value);
  const res = await callNextAuth(req, ["callback", "google"]);
  const location = new URL(res.headers.get("location") ?? "/", cfg.APP_URL);
  const ours = location.origin === new URL(cfg.APP_URL).origin;
  const challenge = ours && location.pathname === CODE_STEP_PATH ? location.searchParams.get(CHALLENGE_PARAM) : null;
  if (challenge)
    return rememberOrigin(
      redirect(
        `${origin ?? cfg.APP_URL}${CODE_STEP_PATH}#${CHALLENGE_PARAM}=${encodeURIComponent(challenge)}`,
        res.headers.getSetCookie(),
      ),
      req,
      null,
    );
  const token = location.pathname === SUCCESS_PATH && ours ? location.searchParams.get("token") : null;
  if (!token) return rememberOrigin(redirect(failedFor(origin), res.headers.getSetCookie()), req, null);
  const out = redirect(
    `${origin ?? cfg.APP_URL}${SUCCESS_PATH}?token=${encodeURIComponent(token)}`,
    res.headers.getSetCookie(),
  );
  setSessionCookie(out, req, token);
  return rememberOrigin(out, req, null);
}
