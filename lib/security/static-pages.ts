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

/** The static pages of a build folder (`.next`): path → the hashes its policy lists. */
export function readStaticPages(distDir: string): Map<string, readonly string[]> {
  const pages = new Map<string, readonly string[]>();
  let manifest: PrerenderManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(distDir, "prerender-manifest.json"), "utf8")) as PrerenderManifest;
  } catch {
    return pages; // no build (the development server): every page renders per request, with a nonce
  }
  for (const [route, info] of Object.entries(manifest.routes ?? {})) {
    // Only a page prerendered once and never again (no revalidation) is one file for everyone.
    if (info.initialRevalidateSeconds !== false) continue;
    const file = path.join(distDir, "server", "app", `${route === "/" ? "index" : route}.html`);
    let html: string;
    try {
      html = fs.readFileSync(file, "utf8");
    } catch {
      continue; // a route handler's prerendered answer (the manifest, an icon), not a page
    }
    pages.set(route, inlineScriptHashes(html));
  }
  return pages;
}
