import proxyaddr from "proxy-addr";

// Who may tell us the caller's address (docs/decisions/013, 058), as proxy-addr's trust function:
// validated with the rest of the configuration, used for every request (lib/http/client-address.ts).

/**
 * proxy-addr's trust function; `platformHeader` is set when the platform itself names the caller in
 * a header that no client can write (`vercel`: Vercel's edge overwrites X-Vercel-Forwarded-For).
 */
export type TrustProxy = ((address: string, hop: number) => boolean) & { platformHeader?: string };

const NOBODY: TrustProxy = () => false;

/** The value of TRUST_PROXY on Vercel: the caller is the one Vercel names. */
export const VERCEL_TRUST = "vercel";
export const VERCEL_ADDRESS_HEADER = "x-vercel-forwarded-for";

/** `TRUST_PROXY`: empty (nobody), `vercel`, a hop count (`1`: the nearest proxy), or proxy-addr's address list. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = value?.trim() ?? "";
  if (!v) return NOBODY;
  if (v.toLowerCase() === VERCEL_TRUST)
    return Object.assign((() => false) as TrustProxy, { platformHeader: VERCEL_ADDRESS_HEADER });
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return proxyaddr.compile(
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );
}
