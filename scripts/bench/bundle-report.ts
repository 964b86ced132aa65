import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { gzipSync } from "node:zlib";

// First-load JavaScript per app route, read from what `next build` (Turbopack, Next 16) writes in
// .next/ (at most 150 kB gzip a route; docs/performance.md, "First-load JavaScript").
// A route's HTML names, as <script src>, the build's root main files (runtime, React, Next's
// client) and every chunk of every segment the route renders (root layout, not-found,
// global-error, group layout and error, page): the `entryJSFiles` of its client reference
// manifest. Polyfills are `noModule` and never run in the browsers we support, so they are left
// out. Chunks a component loads later (`next/dynamic`, `import()`) are not first-load.

export const FIRST_LOAD_LIMIT_KB = 150;

export interface BuildManifest {
  rootMainFiles: string[];
  polyfillFiles?: string[];
}

export interface RouteChunks {
  /** The URL path, e.g. "/login" or "/public/[userId]". */
  route: string;
  /** Chunk paths relative to .next/, in the order the HTML names them, without repeats. */
  files: string[];
}

export interface RouteSize {
  route: string;
  chunks: number;
  /** Gzip kB of the chunks every route shares (the root main files). */
  sharedKb: number;
  /** Gzip kB of the chunks only some routes load. */
  ownKb: number;
  totalKb: number;
  over: boolean;
}

/** The chunks of one route: the root main files, then each segment's entry files. */
export function routeChunks(route: string, build: BuildManifest, entryJSFiles: Record<string, string[]>): RouteChunks {
  const polyfills = new Set(build.polyfillFiles ?? []);
  const files = [...new Set([...build.rootMainFiles, ...Object.values(entryJSFiles).flat()])].filter(
    (f) => !polyfills.has(f),
  );
  return { route, files };
}

/** kB (1 000 bytes, as `next build` used to print) of a file gzipped at level 9. */
export function gzipKb(bytes: Uint8Array): number {
  return gzipSync(bytes, { level: 9 }).length / 1000;
}

const round = (kb: number) => Math.round(kb * 10) / 10;

/** Sizes every route from each chunk's gzip size; `shared` are the files every route loads. */
export function sizeRoutes(
  routes: RouteChunks[],
  kbOf: (file: string) => number,
  shared: readonly string[],
  limitKb = FIRST_LOAD_LIMIT_KB,
): RouteSize[] {
  const sharedSet = new Set(shared);
  return routes.map(({ route, files }) => {
    const sharedKb = files.filter((f) => sharedSet.has(f)).reduce((n, f) => n + kbOf(f), 0);
    const ownKb = files.filter((f) => !sharedSet.has(f)).reduce((n, f) => n + kbOf(f), 0);
    const totalKb = sharedKb + ownKb;
    return {
      route,
      chunks: files.length,
      sharedKb: round(sharedKb),
      ownKb: round(ownKb),
      totalKb: round(totalKb),
      over: totalKb > limitKb,
    };
  });
}

/** The manifest's key for a page ("/(auth)/login/page") from its client reference manifest's source. */
export function entryFilesFromManifestSource(source: string, pageKey: string): Record<string, string[]> {
  const sandbox: {
    globalThis?: unknown;
    __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }>;
  } = {};
  sandbox.globalThis = sandbox;
  vm.runInNewContext(source, sandbox);
  const entry = sandbox.__RSC_MANIFEST?.[pageKey]?.entryJSFiles;
  if (!entry) throw new Error(`No entryJSFiles for ${pageKey} in its client reference manifest`);
  return entry;
}

/** Every app page of a build in `nextDir`, with its first-load chunks (internal `/_…` pages left out). */
export function readRoutes(nextDir: string): { routes: RouteChunks[]; shared: string[] } {
  const build = JSON.parse(fs.readFileSync(path.join(nextDir, "build-manifest.json"), "utf8")) as BuildManifest;
  const appPaths = JSON.parse(fs.readFileSync(path.join(nextDir, "app-path-routes-manifest.json"), "utf8")) as Record<
    string,
    string
  >;
  const routes = Object.entries(appPaths)
    .filter(([key, route]) => key.endsWith("/page") && !route.startsWith("/_"))
    .map(([key, route]) => {
      const file = path.join(nextDir, "server", "app", `${key}_client-reference-manifest.js`);
      return routeChunks(route, build, entryFilesFromManifestSource(fs.readFileSync(file, "utf8"), key));
    })
    .sort((a, b) => a.route.localeCompare(b.route));
  const polyfills = new Set(build.polyfillFiles ?? []);
  return { routes, shared: build.rootMainFiles.filter((f) => !polyfills.has(f)) };
}

/** The first-load sizes of every route of the build in `nextDir`. */
export function measureBuild(nextDir: string, limitKb = FIRST_LOAD_LIMIT_KB): RouteSize[] {
  const { routes, shared } = readRoutes(nextDir);
  const cache = new Map<string, number>();
  const kbOf = (file: string) => {
    let kb = cache.get(file);
    if (kb === undefined) cache.set(file, (kb = gzipKb(fs.readFileSync(path.join(nextDir, file)))));
    return kb;
  };
  return sizeRoutes(routes, kbOf, shared, limitKb);
}
