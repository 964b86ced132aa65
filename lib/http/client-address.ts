import http from "node:http";
import proxyaddr from "proxy-addr";
import type { TrustProxy } from "@/lib/config";

// The header through which the caller's address reaches the app (docs/decisions/013, 058). For
// every request, whatever a client sent under this name is replaced by the address determined
// from the socket (and TRUST_PROXY): by server/server.ts, or, when Next runs in a server of its
// own (plain `next start`), by the hook that instrumentation.ts installs on Node's HTTP server.
// Whichever did it marks the process; an app where neither could (a platform's own runtime)
// believes no such header, since a client could have written it.

export const CLIENT_ADDRESS_HEADER = "x-inkwell-client-address";
const MARK = Symbol.for("inkwell.server.sets-client-address");

export function markClientAddressTrusted(): void {
  (globalThis as Record<symbol, unknown>)[MARK] = true;
}

export function clientAddressTrusted(): boolean {
  return (globalThis as Record<symbol, unknown>)[MARK] === true;
}

/**
 * Under a server that is not ours (`next start`): every request that any Node HTTP server of this
 * process receives gets the header before its listener (Next) sees it, as server/server.ts writes
 * it. Next itself sets X-Forwarded-For from the socket only when a request has none (base-server's
 * `??=`), so that header alone could be the client's own. Does nothing under server/server.ts.
 */
export function setClientAddressFromSockets(trust: TrustProxy): void {
  if (clientAddressTrusted()) return;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      req.headers[CLIENT_ADDRESS_HEADER] = proxyaddr(req, trust);
    }
    return (emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean).call(
      this,
      event,
      ...args,
    );
  } as typeof emit;
  markClientAddressTrusted();
}
