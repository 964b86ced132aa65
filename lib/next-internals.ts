import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { generateETag } from "next/dist/server/lib/etag.js";

// Everything Inkwell relies on about Next that Next does not document as its API: its build's
// files, the headers it sends, how it writes an answer. One module, so a Next upgrade has one place
// to read (docs/architecture.md, "Next's internals": what to check on an upgrade). Each fact is
// held to what Next really does by a test that fails loudly when it changes:
// tests/api/static-shells.test.ts and tests/api/static-assets.test.ts compare our answers to
// Next's own for every file of the build, tests/unit/static-pages.test.ts reads a real build,
// tests/api/database-outage.test.ts sees a page's 503.

// ---- The build's prerendered pages (`.next/prerender-manifest.json`, `.next/server/app/*.html|.meta`)

interface PrerenderManifest {
  routes?: Record<string, { initialRevalidateSeconds?: number | false; dataRoute?: string | null }>;
}

/** A page prerendered once for everyone: its HTML and the headers Next adds from its `.meta` file. */
export interface PrerenderedPage {
  html: string;
  meta: Readonly<Record<string, string>>;
}

/**
 * The pages `next build` prerendered once and never again (no revalidation), read from the build
 * folder (`.next`): path → page. Empty without a build (the development server renders every page).
 */
export function readPrerenderedPages(distDir: string): Map<string, PrerenderedPage> {
  const pages = new Map<string, PrerenderedPage>();
  let manifest: PrerenderManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(distDir, "prerender-manifest.json"), "utf8")) as PrerenderManifest;
  } catch {
    return pages;
  }
  for (const [route, info] of Object.entries(manifest.routes ?? {})) {
    if (info.initialRevalidateSeconds !== false) continue;
    const base = path.join(distDir, "server", "app", route === "/" ? "index" : route);
    let html: string;
    try {
      html = fs.readFileSync(`${base}.html`, "utf8");
    } catch {
      continue; // a route handler's prerendered answer (the manifest, an icon), not a page
    }
    let meta: Record<string, string> = {};
    try {
      meta =
        (JSON.parse(fs.readFileSync(`${base}.meta`, "utf8")) as { headers?: Record<string, string> }).headers ?? {};
    } catch {
      // no .meta: Next adds nothing of its own
    }
    pages.set(route, { html, meta });
  }
  return pages;
}

// ---- What Next sends for a plain visit of a prerendered page

/** Request headers that make a request for a page something else than a plain visit: an RSC payload, a server action. */
export const NEXT_NOT_A_VISIT = [
  "rsc",
  "next-router-state-tree",
  "next-router-prefetch",
  "next-router-segment-prefetch",
  "next-action",
] as const;

/**
 * Next's own headers on a plain visit of a prerendered page, in its order, around ours: `before`
 * goes after our security headers and policy, `meta` (its `.meta` headers, less its cache's own
 * tags) last, `x-nextjs-prerender` joining Next's mark with the one its `.meta` repeats.
 */
export function prerenderedPageHeaders(page: PrerenderedPage): {
  before: Record<string, string>;
  meta: Record<string, string>;
} {
  const meta = { ...page.meta };
  delete meta["x-next-cache-tags"]; // kept by Next for its own cache, never sent
  const prerender = ["1", meta["x-nextjs-prerender"]].filter(Boolean).join(", ");
  delete meta["x-nextjs-prerender"];
  return {
    before: {
      "Cache-Control": "s-maxage=31536000",
      "Content-Type": "text/html; charset=utf-8",
      ETag: generateETag(page.html),
      Vary: "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding",
      "x-nextjs-cache": "HIT",
      "x-nextjs-prerender": prerender,
    },
    meta,
  };
}

// ---- What Next's static file server (`send`, then `compression`) says of the build's `/_next/static` files

/** The types the build writes, as Next names them, and whether it compresses them; anything else is Next's. */
export const NEXT_STATIC_TYPES: Readonly<Record<string, { type: string; compressible: boolean }>> = {
  ".js": { type: "application/javascript; charset=UTF-8", compressible: true },
  ".css": { type: "text/css; charset=UTF-8", compressible: true },
  ".svg": { type: "image/svg+xml", compressible: true },
  ".woff2": { type: "font/woff2", compressible: false },
};
/** Next's compression leaves a smaller answer as it is (the `compression` package's threshold). */
export const NEXT_GZIP_THRESHOLD = 1024;
/** Request headers that ask for part of a file or only a newer one: Next's `send` answers those. */
export const NEXT_STATIC_NOT_PLAIN = [
  "range",
  "if-range",
  "if-none-match",
  "if-modified-since",
  "if-match",
  "if-unmodified-since",
] as const;

/** Next's own headers for one of the build's files of `size` bytes last changed at `mtime` (ours go first). */
export function nextStaticFileHeaders(kind: { type: string; compressible: boolean }, size: number, mtime: Date) {
  return {
    "Cache-Control": "public, max-age=31536000, immutable",
    "Accept-Ranges": "bytes",
    "Last-Modified": mtime.toUTCString(),
    // `send`'s validators: a weak ETag of the size and the modification time, both in hex.
    ETag: `W/"${size.toString(16)}-${mtime.getTime().toString(16)}"`,
    "Content-Type": kind.type,
    ...(kind.compressible ? { Vary: "Accept-Encoding" } : {}),
  };
}

// ---- How Next writes a page's answer

/**
 * Lets `status` change the status of a page's answer as Next writes it: Next's page renderer sends
 * a page's status and headers with one `res.writeHead(status, …)` call (never `statusCode` and an
 * implicit head), so that call is where the final status can still be chosen.
 */
export function onNextWriteHead(
  res: http.ServerResponse,
  status: (status: number, res: http.ServerResponse) => number,
) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, code: number, ...rest: unknown[]) {
    return (writeHead as (...args: unknown[]) => http.ServerResponse).call(this, status(code, this), ...rest);
  } as typeof res.writeHead;
}
