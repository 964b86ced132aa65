import "server-only";
import type { NextResponse } from "next/server";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { ForbiddenError, UnauthorizedError, AUTHENTICATION_REQUIRED } from "@/lib/errors";
import { CLIENT_ADDRESS_HEADER, clientAddressTrusted } from "@/lib/http/client-address";
import { SAFE_METHODS, readCookie, secureCookies } from "@/lib/http/request";
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS, chooseLocale } from "@/lib/i18n/choose";
import type { Locale } from "@/lib/i18n/locales";
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, DEVICE_COOKIE_PATH } from "./devices";
import { SESSION_COOKIE } from "./cookie-name";
import { SESSION_IDLE_DAYS, INVALID_SESSION_MESSAGE, CROSS_ORIGIN_MESSAGE } from "./session-limits";
import { getSessionUser, type SessionUser } from "./sessions";

function cookieToken(req: Request): string | undefined {
  return readCookie(req, SESSION_COOKIE);
}

function bearerToken(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "");
  return match?.[1];
}

/** True when the request's Origin is this app: APP_URL, or the host the request was sent to. */
function isOwnOrigin(req: Request): boolean {
  const origin = req.headers.get("origin");
  if (!origin || origin === "null") return false;
  if (origin === new URL(config().APP_URL).origin) return true;
  const host = req.headers.get("host");
  try {
    return host !== null && new URL(origin).host === host;
  } catch {
    return false;
  }
}

export interface Authed {
  user: SessionUser;
  sessionId: string;
  token: string;
  viaCookie: boolean;
}

/** The signed-in caller, from the bearer header or the session cookie; 401 otherwise. */
export async function requireUser(req: Request): Promise<Authed> {
  const bearer = bearerToken(req);
  const token = bearer ?? cookieToken(req);
  if (!token) throw new UnauthorizedError(AUTHENTICATION_REQUIRED);
  const found = await getSessionUser({ db: getDb(), token });
  if (!found) throw new UnauthorizedError(INVALID_SESSION_MESSAGE);
  // A cookie rides along on cross-site requests; a write authenticated only by it must come from our own pages.
  if (!bearer && !SAFE_METHODS.has(req.method) && !isOwnOrigin(req)) {
    throw new ForbiddenError(CROSS_ORIGIN_MESSAGE);
  }
  return { ...found, token, viaCookie: !bearer };
}

/**
 * The signed-in caller, or null when the request carries no valid session (for routes that work
 * either way). A write authenticated only by the cookie still needs our own Origin (403).
 */
export async function optionalUser(req: Request): Promise<Authed | null> {
  if (!bearerToken(req) && !cookieToken(req)) return null;
  try {
    return await requireUser(req);
  } catch (err) {
    if (err instanceof UnauthorizedError) return null;
    throw err;
  }
}

export function hasSessionCookie(req: Request, token: string): boolean {
  return cookieToken(req) === token;
}

/**
 * The session's cookie, and the account's chosen language's when it has one (docs/decisions/144): the
 * screens of this browser speak it from the next page on.
 */
export function setSessionCookie(res: NextResponse, req: Request, token: string, language?: Locale | null) {
  res.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(req),
    path: "/",
    maxAge: SESSION_IDLE_DAYS * 24 * 60 * 60,
  });
  if (language) setLanguageCookie(res, req, language);
}

/**
 * The language this browser's pages are shown in (lib/i18n/choose.ts), or none: its own
 * Accept-Language decides. Readable by the page's script, which sets it too on a sign-in screen.
 */
export function setLanguageCookie(res: NextResponse, req: Request, language: Locale | null) {
  res.cookies.set(LANGUAGE_COOKIE, language ?? "", {
    sameSite: "lax",
    secure: secureCookies(req),
    path: "/",
    maxAge: language ? LANGUAGE_COOKIE_DAYS * 24 * 60 * 60 : 0,
  });
}

/** The language a request asks for: the browser's chosen one (its cookie), else its Accept-Language's. */
export const requestLocale = (req: Request): Locale =>
  chooseLocale(readCookie(req, LANGUAGE_COOKIE), req.headers.get("accept-language"));

export function setDeviceCookie(res: NextResponse, req: Request, token: string) {
  res.cookies.set(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(req),
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
}

export function clearSessionCookie(res: NextResponse, req: Request) {
  res.cookies.set(SESSION_COOKIE, "", {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(req),
    path: "/",
    maxAge: 0,
  });
}

let warnedUntrusted = false;

/**
 * The caller's address for rate limits (docs/decisions/013, 058): the one the platform names when
 * TRUST_PROXY says so (`vercel`), else the one determined from the socket (and TRUST_PROXY) by
 * server/server.ts or, under plain `next start`, by instrumentation.ts's hook. Run where neither
 * could, no header is trusted, since a client could have written it: every caller shares one address.
 */
export function clientIp(req: Request): string {
  const { platformHeader } = config().TRUST_PROXY;
  if (platformHeader) return req.headers.get(platformHeader)?.split(",", 1)[0]!.trim().slice(0, 64) || "unknown";
  if (!clientAddressTrusted()) {
    if (!warnedUntrusted)
      console.warn(
        "[inkwell] Callers' addresses are unknown to the rate limits: not started by server/server.ts or `next start`, and TRUST_PROXY names no platform.",
      );
    warnedUntrusted = true;
    return "unknown";
  }
  return req.headers.get(CLIENT_ADDRESS_HEADER)?.slice(0, 64) || "unknown";
}
