import fs from "node:fs";
import path from "node:path";
import { scriptHash } from "./headers";

// Which pages are static shells, and the hashes of their inline scripts (docs/decisions/084).
// `next build` prerenders every page that reads nothing of the request into an HTML file that
// `next start` serves as it is; its inline scripts (the theme's, and Next's `self.__next_f.push`
// of the page's own payload) are the same for everyone, so its Content-Security-Policy allows them
// by hash instead of a per-request nonce. Read once per process from the build's own output: the
// prerender manifest names the pages, their HTML holds the scripts.

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/** The hash-sources of every inline script of an HTML document (scripts with `src` are allowed by `'self'`). */
export function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/.test(attributes!)) continue;
    out.add(scriptHash(body!));
  }
  return [...out];
}

interface PrerenderManifest {
  routes?: Record<string, { initialRevalidateSeconds?: number | false; dataRoute?: string | null }>;
}

/** A static page as the build left it: its HTML, its inline scripts' hashes, the headers Next adds from its `.meta`. */
export interface StaticPageFile {
  html: string;
  hashes: readonly string[];
  headers: Readonly<Record<string, string>>;
}

/** The static pages of a build folder (`.next`) with their HTML: path → the file. */
export function readStaticPageFiles(distDir: string): Map<string, StaticPageFile> {
  const pages = new Map<string, StaticPageFile>();
  let manifest: PrerenderManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(distDir, "prerender-manifest.json"), "utf8")) as PrerenderManifest;
  } catch {
    return pages; // no build (the development server): every page renders per request, with a nonce
  }
  for (const [route, info] of Object.entries(manifest.routes ?? {})) {
    // Only a page prerendered once and never again (no revalidation) is one file for everyone.
    if (info.initialRevalidateSeconds !== false) continue;
    const base = path.join(distDir, "server", "app", route === "/" ? "index" : route);
    let html: string;
    try {
      html = fs.readFileSync(`${base}.html`, "utf8");
    } catch {
      continue; // a route handler's prerendered answer (the manifest, an icon), not a page
    }
    let headers: Record<string, string> = {};
    try {
      headers =
        (JSON.parse(fs.readFileSync(`${base}.meta`, "utf8")) as { headers?: Record<string, string> }).headers ?? {};
    } catch {
      // no .meta: Next adds nothing of its own
    }
    pages.set(route, { html, hashes: inlineScriptHashes(html), headers });
  }
  return pages;
}

/** The static pages of a build folder (`.next`): path → the hashes its policy lists. */
export function readStaticPages(distDir: string): Map<string, readonly string[]> {
  return new Map([...readStaticPageFiles(distDir)].map(([route, page]) => [route, page.hashes]));
}
