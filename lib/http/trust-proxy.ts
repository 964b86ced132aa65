import proxyaddr from "proxy-addr";

// Who may tell us the caller's address (docs/decisions/013), as proxy-addr's trust function:
// validated with the rest of the configuration, used by server/server.ts for every request.

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
