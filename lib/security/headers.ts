import { createHash } from "node:crypto";
import { THEME_SCRIPT } from "../theme";
// Security headers for every response (docs/decisions/058): proxy.ts sets them on pages; for /api
// and build assets next.config.ts sets the fixed ones on every answer Next makes, and route()
// (lib/http/respond.ts) adds HSTS and CORS, which depend on the settings read at run time. Pages get a per-request nonce, or the hashes of a static shell's scripts, so that only Next's own inline scripts and the theme's run; nothing
// may frame us; no URL (an /oauth-success token) leaks as referrer.

/** The hash-source of an inline script's text, as a CSP source expression. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

const THEME_SCRIPT_HASH = scriptHash(THEME_SCRIPT);

/**
 * WebAssembly compiled from our own scripts' bytes (docs/decisions/117): the diary lock's Argon2id
 * (hash-wasm) and the recovery key's PDF (@react-pdf/renderer's layout engine). It allows no eval()
 * of JavaScript and no script from anywhere else.
 */
const WASM = "'wasm-unsafe-eval'";

/**
 * The policy of a page. A page rendered per request gets a fresh nonce, and `'strict-dynamic'`
 * lets the scripts it trusts load Next's chunks. A static shell (docs/decisions/084) is the same
 * file for everyone, so it cannot carry a nonce: its inline scripts are allowed by their hashes
 * (lib/security/static-pages.ts reads them from the prerendered HTML) and its chunks by `'self'`,
 * without `'strict-dynamic'` (Next gives some of a page's `<script src>` no integrity attribute, so
 * they could not be allowed by hash). Either way no other inline script runs: no `'unsafe-inline'`.
 */
export function contentSecurityPolicy(
  scripts: { nonce: string } | { hashes: readonly string[] },
  dev: boolean,
  imageOrigins: readonly string[] = [],
): string {
  const scriptSrc =
    "nonce" in scripts
      ? `script-src 'self' 'nonce-${scripts.nonce}' 'strict-dynamic' ${THEME_SCRIPT_HASH} ${WASM}`
      : ["script-src 'self'", ...new Set([THEME_SCRIPT_HASH, ...scripts.hashes]), WASM].join(" ");
  return [
    "default-src 'self'",
    `${scriptSrc}${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' blob: data:", ...imageOrigins].join(" "),
    "font-src 'self'",
    // data: for @react-pdf/renderer, which reads its own bundled layout engine from a data: URL;
    // blob: for a locked page's photo opened in this tab, read again when the page is shared
    // (client/lock/save.ts). Both are this page's own bytes: nothing leaves for another origin.
    "connect-src 'self' data: blob:",
    // The service worker (app/sw.ts) and the web app manifest (app/manifest.ts), both our own.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export interface ImageStorageSettings {
  S3_BUCKET?: string;
  S3_ENDPOINT?: string;
  S3_REGION: string;
  S3_FORCE_PATH_STYLE: boolean;
}

/**
 * Where browsers load entry photos from besides our own origin: with S3 storage the image route
 * redirects to a presigned URL, at the endpoint (path style) or at `bucket.endpoint` (virtual-hosted,
 * which the AWS SDK uses for bucket names without dots unless path style is forced).
 */
export function storageImageOrigins(settings: ImageStorageSettings): string[] {
  const { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: region, S3_FORCE_PATH_STYLE: pathStyle } = settings;
  if (!bucket) return [];
  if (!endpoint && !/^[a-z0-9-]+$/.test(region)) return [];
  const base = new URL(endpoint ?? `https://s3.${region}.amazonaws.com`);
  const origins = [base.origin];
  if (!pathStyle && /^[a-z0-9-]+$/.test(bucket)) origins.push(`${base.protocol}//${bucket}.${base.host}`);
  return origins;
}

/**
 * Every origin besides 'self' that pages load photos from: APP_URL's, which signed photo URLs are
 * on (docs/decisions/024) and which is not 'self' when a page is reached by another host name,
 * and the bucket's with S3.
 */
export function imageOrigins(settings: ImageStorageSettings & { APP_URL: string }): string[] {
  return [new URL(settings.APP_URL).origin, ...storageImageOrigins(settings)];
}

export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
};

/**
 * The policy of the service worker's script (app/sw.ts), which governs what the worker itself may
 * fetch: the pages and API answers it keeps, all on our own origin (docs/decisions/080).
 */
export const SERVICE_WORKER_CSP = "default-src 'none'; connect-src 'self'; frame-ancestors 'none'";

/** The policy of an answer that is no page: a build asset, an error made outside Next. */
export const NO_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Two years, the preload list's minimum; sent only when Inkwell is served over https. */
export const HSTS = "max-age=63072000; includeSubDomains";

/** The headers every answer carries (pages, API, errors), plus HSTS when APP_URL is https. */
export function securityHeaders(appUrl: string): Record<string, string> {
  return appUrl.startsWith("https:")
    ? { ...STATIC_SECURITY_HEADERS, "Strict-Transport-Security": HSTS }
    : STATIC_SECURITY_HEADERS;
}

// Idempotency-Key and If-Match: an entry write sent again, made once, and only over the version it was based on (docs/decisions/081).
export const CORS_ALLOWED_HEADERS = "Authorization, Content-Type, Idempotency-Key, If-Match";
export const CORS_ALLOWED_METHODS = "GET, POST, PUT, PATCH, DELETE, OPTIONS";

/** The fixed headers of an answer that is no page (an /api answer, a build asset): next.config.ts's headers(). */
export function noPageHeaders(): { key: string; value: string }[] {
  return [...Object.entries(STATIC_SECURITY_HEADERS), ["Content-Security-Policy", NO_PAGE_CSP]].map(([key, value]) => ({
    key: key!,
    value: value!,
  }));
}

/**
 * The headers of every /api answer (docs/decisions/039, 058): the security headers, HSTS over https,
 * the fixed NO_PAGE_CSP (a JSON answer runs no script, so it needs no page's nonce), `Vary: Origin`,
 * and for an Origin in CORS_ORIGINS the Access-Control headers with credentials; any other Origin
 * gets no Access-Control header at all. `preflight` says whether the request was a preflight
 * (OPTIONS) from an allowed origin, which the caller answers with a bare 204.
 */
export function apiHeaders({
  method,
  origin,
  appUrl,
  corsOrigins,
}: {
  method: string | undefined;
  origin: string | null | undefined;
  appUrl: string;
  corsOrigins: readonly string[];
}): { headers: Record<string, string>; preflight: boolean } {
  const headers: Record<string, string> = {
    ...securityHeaders(appUrl),
    "Content-Security-Policy": NO_PAGE_CSP,
    Vary: "Origin",
  };
  if (!origin || !corsOrigins.includes(origin)) return { headers, preflight: false };
  Object.assign(headers, {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Credentials": "true",
    "Access-Control-Allow-Headers": CORS_ALLOWED_HEADERS,
    "Access-Control-Allow-Methods": CORS_ALLOWED_METHODS,
    "Access-Control-Max-Age": "600",
  });
  return { headers, preflight: method === "OPTIONS" };
}
