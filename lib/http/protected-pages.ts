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
