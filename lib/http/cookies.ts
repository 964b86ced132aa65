// A cookie read from a request's Cookie header, for code that has the header but no Next request:
// ./request.ts (route handlers) and server/static-shells.ts (our server, before Next).

/** The value of the first cookie of that name, or undefined when it is absent or not validly %-encoded. */
export function cookieFromHeader(header: string | null | undefined, cookieName: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== cookieName) continue;
    // A malformed %-escape is not a token anyone was given: treat it as no cookie, not a fault.
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return undefined;
    }
  }
  return undefined;
}
