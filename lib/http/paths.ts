// How server/server.ts hands a request's address to Next (no server-only: the server imports it).

/**
 * The request's path as Next should see it, or null when its %-escapes cannot be decoded. An /api
 * path loses its trailing slashes: docs/api.md promises the same answer with or without one, and no
 * redirect (Next would answer 308, which a browser's CORS preflight cannot follow).
 */
export function normalisePath(url: string): string | null {
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  try {
    decodeURIComponent(path);
  } catch {
    return null;
  }
  const trimmed = path.startsWith("/api/") && path.length > "/api/".length ? path.replace(/\/+$/, "") : path;
  return trimmed + (q === -1 ? "" : url.slice(q));
}

/** An /api path (with or without its trailing slash, which `normalisePath` drops). proxy.ts does not run for it (its matcher leaves it out: keep the two in step); server/server.ts sets its headers. */
export function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/") || path.startsWith("/api?");
}

/**
 * Build assets, the icon, and the benchmark's baselines (/bench, docs/decisions/035): the same for
 * everyone, no page of ours. proxy.ts does no work for them (its matcher leaves them out: keep the
 * two in step); server/server.ts gives them the static security headers instead.
 */
export const STATIC_ASSET = /^\/(?:_next\/static\/|_next\/image|icon\.svg|favicon\.ico|bench\/)/;
