import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";

// The service worker's precache names the SHA-384 of every script and style sheet it keeps
// (docs/decisions/122): it fetches them with that `integrity` when it installs, so a chunk altered
// where it is stored or served apart from the build (a CDN, a bucket, a proxy) fails the install
// instead of being kept and run, and a page under the worker is given only the bytes it checked,
// the chunks of a page's own components included, which Next's own SRI does not name
// (docs/decisions/116).

/** A precache entry as Serwist's manifest transforms see it: `url` relative to the glob directory (the app's root) while building. */
interface Entry {
  url: string;
  revision?: string | null;
  integrity?: string;
  size: number;
}

/**
 * The build's chunks (scripts and style sheets, named by their content). Not the build-id folder's
 * manifests (`_ssgManifest.js`, `_clientMiddlewareManifest.js`), which Next writes again after the
 * worker is built and no page of the App Router runs.
 */
const CHECKED = /\/static\/chunks\/.*\.(?:js|css)$/;

/** `sha384-…` of the bytes of `file`, as an `integrity` attribute names them. */
export async function integrityOf(file: string): Promise<string> {
  return `sha384-${createHash("sha384")
    .update(await readFile(file))
    .digest("base64")}`;
}

/** A Serwist manifest transform (run before Serwist rebases the URLs): every script and style sheet gets its integrity. */
export function precacheIntegrity(root: string = process.cwd()) {
  return async (entries: Entry[]) => ({
    manifest: await Promise.all(
      entries.map(async (entry) =>
        CHECKED.test(entry.url)
          ? // Read where the build wrote them, at run time: not a file for the build to trace.
            { ...entry, integrity: await integrityOf(path.join(/* turbopackIgnore: true */ root, entry.url)) }
          : entry,
      ),
    ),
    warnings: [] as string[],
  });
}
