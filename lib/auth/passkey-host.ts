import { isIP } from "node:net";

// No server-only import: instrumentation.ts reads it at start-up, before any request.

/**
 * Whether APP_URL names its host by an IP address (http://127.0.0.1:3000, http://[::1]:3000):
 * WebAuthn's relying party is APP_URL's host (docs/decisions/079), and browsers refuse an IP
 * address as one, so no passkey can be added or used there (docs/decisions/098).
 */
export function passkeysNeedHostName(appUrl: string): boolean {
  return isIP(new URL(appUrl).hostname.replace(/^\[(.*)\]$/, "$1")) !== 0;
}

/** The one line the server prints at start-up when passkeys cannot work at APP_URL, else null. Only the origin: no path or query. */
export function passkeyHostWarning(appUrl: string): string | null {
  if (!passkeysNeedHostName(appUrl)) return null;
  const { origin, protocol, port } = new URL(appUrl);
  const instead = `${protocol}//localhost${port ? `:${port}` : ""}`;
  return `[inkwell] Passkeys cannot work at ${origin}: browsers refuse an IP address as a passkey's site. Set APP_URL to a host name, such as ${instead} or your domain.`;
}
