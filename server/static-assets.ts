import fs from "node:fs/promises";
import type http from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import {
  NEXT_GZIP_THRESHOLD,
  NEXT_STATIC_NOT_PLAIN,
  NEXT_STATIC_TYPES,
  nextStaticFileHeaders,
} from "../lib/next-internals";
import { STATIC_SECURITY_HEADERS, NO_PAGE_CSP } from "../lib/security/headers";
import { GZIP_OPTIONS, isGetOrHead, prepareAnswer, sendPrepared, type PreparedAnswer } from "./prepared-answer";

// The build's own files (`/_next/static/…`: the pages' scripts, styles and fonts) sent from memory,
// as a file server or a CDN in front of Next would (docs/decisions/092): the same headers Next gives
// them (next.config.ts's headers, then its own, lib/next-internals.ts), each gzip made once rather than on every request.
// Read after the server starts listening, so it starts as fast as before; until they are read, and
// for anything else about such a path (a query, a range, a conditional request, another method, a
// file of another type, or past the memory bound), Next answers as before.
// tests/api/static-assets.test.ts holds every file of the build to what Next answers.

const gzip = promisify(zlib.gzip);

/** At most this much of the build's files (as sent, both encodings) is kept; the rest is Next's to send. */
export const STATIC_ASSETS_MAX_BYTES = 32 * 1024 * 1024;
export type StaticAsset = PreparedAnswer;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/** The build's static files (`<distDir>/static`), path → answer, up to `maxBytes` in all. None without a build. */
export async function loadStaticAssets(
  distDir: string,
  maxBytes = STATIC_ASSETS_MAX_BYTES,
): Promise<Map<string, StaticAsset>> {
  const assets = new Map<string, StaticAsset>();
  const root = path.join(distDir, "static");
  let used = 0;
  try {
    await fs.access(root);
  } catch {
    return assets;
  }
  for await (const file of files(root)) {
    const kind = NEXT_STATIC_TYPES[path.extname(file)];
    if (!kind) continue;
    const [body, stat] = await Promise.all([fs.readFile(file), fs.stat(file)]);
    const zipped = kind.compressible && body.length >= NEXT_GZIP_THRESHOLD ? await gzip(body, GZIP_OPTIONS) : null;
    const size = body.length + (zipped?.length ?? 0);
    if (used + size > maxBytes) continue; // left to Next
    used += size;
    const headers: Record<string, string> = {
      ...STATIC_SECURITY_HEADERS,
      "Content-Security-Policy": NO_PAGE_CSP,
      ...nextStaticFileHeaders(kind, stat.size, stat.mtime),
    };
    const url = `/_next/static/${path.relative(root, file).split(path.sep).join("/")}`;
    assets.set(url, prepareAnswer(body, headers, zipped));
  }
  return assets;
}

/** Answers a plain request for one of the build's files and says so; false leaves the request to Next. */
export function sendStaticAsset(
  assets: ReadonlyMap<string, StaticAsset>,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: string,
): boolean {
  if (assets.size === 0 || !isGetOrHead(req)) return false;
  const asset = assets.get(url); // a query or another spelling is Next's
  if (!asset) return false;
  for (const name of NEXT_STATIC_NOT_PLAIN) if (req.headers[name] !== undefined) return false;
  sendPrepared(asset, req, res);
  return true;
}
