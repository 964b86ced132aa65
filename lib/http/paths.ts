// What server/server.ts does to a path before Next sees it (no server-only: the server imports it).
// Inside Next, proxy.ts refuses a malformed %-escape the same way, and Next itself serves /api/x/
// as /api/x (docs/decisions/058); repeated slashes need this server.

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
