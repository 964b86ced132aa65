import proxyaddr from "proxy-addr";

// Who may tell us the caller's address (docs/decisions/013). Used by scripts/server.ts, which sets
// the address from the socket for every request, and validated with the rest of the configuration.

export type TrustProxy = (address: string, hop: number) => boolean;

const NOBODY: TrustProxy = () => false;

/** `TRUST_PROXY`: empty (nobody), a hop count (`1`: the nearest proxy), or proxy-addr's address list. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = value?.trim() ?? "";
  if (!v) return NOBODY;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return proxyaddr.compile(v.split(",").map((s) => s.trim()).filter(Boolean));
}

/**
 * The caller's address: the socket's peer, or, when that peer is a trusted proxy, the nearest
 * address in X-Forwarded-For that is not itself trusted. Anything a client writes there is
 * ignored unless it came through proxies we trust.
 */
export function clientAddress(req: Parameters<typeof proxyaddr>[0], trust: TrustProxy): string {
  return proxyaddr(req, trust);
}
