import "server-only";
import { config } from "@/lib/config";

// A client hosted on another origin listed in CORS_ORIGINS gets its own flows back: the Google
// sign-in lands on its /oauth-success, mailed links open its pages (docs/decisions/012). Any other
// origin gets APP_URL: an origin outside the list would be an open redirect handing out tokens.

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** `value`'s origin when it is one of CORS_ORIGINS, else null. Accepts an origin or a full URL (a Referer). */
export function allowedOrigin(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
  const origin = originOf(value);
  if (!origin) return null;
  return config().CORS_ORIGINS.some((allowed) => originOf(allowed) === origin) ? origin : null;
}

/** Where a link mailed in answer to `req` points: the request's Origin when it is allowed, else APP_URL. */
export function linkBaseFor(req: Request): string {
  return allowedOrigin(req.headers.get("origin")) ?? config().APP_URL;
}
