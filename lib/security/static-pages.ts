import { readPrerenderedPages, type PrerenderedPage } from "../next-internals";
import { scriptHash } from "./headers";

// Which pages are static shells, and the hashes of their inline scripts (docs/decisions/084).
// `next build` prerenders every page that reads nothing of the request into an HTML file that
// `next start` serves as it is; its inline scripts (the theme's, and Next's `self.__next_f.push`
// of the page's own payload) are the same for everyone, so its Content-Security-Policy allows them
// by hash instead of a per-request nonce. Read once per process from the build's own output: the
// prerender manifest names the pages, their HTML holds the scripts (lib/next-internals.ts reads them).

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

/** A static page as the build left it: its HTML, its inline scripts' hashes, the headers Next adds from its `.meta`. */
export interface StaticPageFile extends PrerenderedPage {
  hashes: readonly string[];
}

/** The static pages of a build folder (`.next`) with their HTML: path → the file. None without a build. */
export function readStaticPageFiles(distDir: string): Map<string, StaticPageFile> {
  return new Map(
    [...readPrerenderedPages(distDir)].map(([route, page]) => [
      route,
      { ...page, hashes: inlineScriptHashes(page.html) },
    ]),
  );
}

/** The static pages of a build folder (`.next`): path → the hashes its policy lists. */
export function readStaticPages(distDir: string): Map<string, readonly string[]> {
  return new Map([...readStaticPageFiles(distDir)].map(([route, page]) => [route, page.hashes]));
}
