import "server-only";
import { config } from "@/lib/config";

// Which URLs Inkwell sends a push to (docs/decisions/082). The server POSTs to whatever endpoint a
// browser hands it, so only the push services PUSH_SERVICE_HOSTS names (and their subdomains), over
// https, on the default port: a subscription cannot point the server at anything else. With
// PUSH_LOOPBACK_HTTP on, http:// on 127.0.0.1 too, for a push service standing in on loopback.

export function pushEndpointAllowed(endpoint: string): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  const { PUSH_SERVICE_HOSTS: hosts, PUSH_LOOPBACK_HTTP: loopback } = config();
  if (url.username || url.password) return false;
  if (url.protocol === "http:") return loopback && url.hostname === "127.0.0.1";
  if (url.protocol !== "https:" || url.port) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((h) => host === h.toLowerCase() || host.endsWith(`.${h.toLowerCase()}`));
}
