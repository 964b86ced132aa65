/**
 * Whether the client takes gzip (`Accept-Encoding`; a q of 0 refuses it, `*` allows it), as Next's
 * compression decides for what it sends (server/static-shells.ts, server/static-assets.ts).
 */
export function acceptsGzip(accept: string | undefined): boolean {
  if (!accept) return false;
  for (const part of accept.split(",")) {
    const [coding, ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    if (coding !== "gzip" && coding !== "*") continue;
    const q = params.find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}
