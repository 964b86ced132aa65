import type http from "node:http";

// An answer made once and sent from memory by our server (docs/decisions/092): the static shells
// (server/static-shells.ts) and the build's files (server/static-assets.ts), each with the headers
// Next would send and, where Next would compress it, its gzip made once.

export interface PreparedAnswer {
  body: Buffer;
  gzip: Buffer | null;
  headers: Readonly<Record<string, string>>;
  gzipHeaders: Readonly<Record<string, string>> | null;
}

/** Only what a plain GET or HEAD may be answered from memory; anything else is Next's. */
export function isGetOrHead(req: http.IncomingMessage): boolean {
  return req.method === "GET" || req.method === "HEAD";
}

/** How the answers are gzipped: once, so as small as zlib makes them. */
export const GZIP_OPTIONS = { level: 9 } as const;

/** The answer with its lengths, and its gzip when there is one. */
export function prepareAnswer(body: Buffer, headers: Record<string, string>, zipped: Buffer | null): PreparedAnswer {
  return {
    body,
    gzip: zipped,
    headers: { ...headers, "Content-Length": String(body.length) },
    gzipHeaders: zipped ? { ...headers, "Content-Encoding": "gzip", "Content-Length": String(zipped.length) } : null,
  };
}

/**
 * Whether the client takes gzip (`Accept-Encoding`; a q of 0 refuses it, `*` allows it), as Next's
 * compression decides for what it sends.
 */
function acceptsGzip(accept: string | undefined): boolean {
  if (!accept) return false;
  for (const part of accept.split(",")) {
    const [coding, ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    if (coding !== "gzip" && coding !== "*") continue;
    const q = params.find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/** Sends it: gzipped when it has a gzip and the client takes one, with no body to a HEAD. */
export function sendPrepared(answer: PreparedAnswer, req: http.IncomingMessage, res: http.ServerResponse): void {
  const zipped = answer.gzip !== null && acceptsGzip(req.headers["accept-encoding"]);
  res.writeHead(200, zipped ? answer.gzipHeaders! : answer.headers);
  res.end(req.method === "HEAD" ? undefined : zipped ? answer.gzip! : answer.body);
}
