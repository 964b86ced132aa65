// The signed-in screens: without a session cookie a browser is sent to /login before any of them
// (proxy.ts, and server/static-shells.ts for the static ones). Only the cookie's presence is
// looked at here; every page and handler checks the session itself (docs/style.md 3).
const PROTECTED = [
  "/dashboard",
  "/close-circle",
  "/my-diary",
  "/me",
  "/public",
  "/notifications",
  "/replies",
  "/admin",
];

export function isProtectedPage(pathname: string): boolean {
  return PROTECTED.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

// The front page is for visitors: a browser with a session cookie goes on to its dashboard
// (proxy.ts, and server/static-shells.ts, which leaves such a visit to it; docs/decisions/108).
const FOR_VISITORS = ["/"];

/** Where a signed-in browser goes instead of this page, or null when the page is for it too. */
export function signedInGoesFrom(pathname: string): string | null {
  return FOR_VISITORS.includes(pathname) ? "/dashboard" : null;
}
