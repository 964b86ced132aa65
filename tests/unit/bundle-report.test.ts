import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { entryFilesFromManifestSource, gzipKb, routeChunks, sizeRoutes } from "../../scripts/bench/bundle-report";

// scripts/bench/bundle-report.ts: which chunks a route loads first, and their gzip sizes
// (docs/performance.md "First-load JavaScript").

const build = {
  rootMainFiles: ["static/chunks/react.js", "static/chunks/runtime.js"],
  polyfillFiles: ["static/chunks/polyfill.js"],
};

describe("routeChunks", () => {
  it("takes the root main files, then every segment's entry files once, and no polyfill", () => {
    const chunks = routeChunks("/login", build, {
      "[project]/app/layout": ["static/chunks/layout.js"],
      "[project]/app/(auth)/layout": ["static/chunks/layout.js", "static/chunks/auth.js"],
      "[project]/app/(auth)/login/page": [
        "static/chunks/auth.js",
        "static/chunks/login.js",
        "static/chunks/polyfill.js",
      ],
    });
    expect(chunks).toEqual({
      route: "/login",
      files: [
        "static/chunks/react.js",
        "static/chunks/runtime.js",
        "static/chunks/layout.js",
        "static/chunks/auth.js",
        "static/chunks/login.js",
      ],
    });
  });
});

describe("sizeRoutes", () => {
  const kb: Record<string, number> = { "a.js": 100, "b.js": 30, "c.js": 15, "d.js": 25.04 };
  const routes = [
    { route: "/small", files: ["a.js", "b.js", "c.js"] },
    { route: "/big", files: ["a.js", "b.js", "d.js"] },
  ];

  it("splits shared from own kB, totals them and flags a route over the limit", () => {
    expect(sizeRoutes(routes, (f) => kb[f]!, ["a.js", "b.js"], 150)).toEqual([
      { route: "/small", chunks: 3, sharedKb: 130, ownKb: 15, totalKb: 145, over: false },
      { route: "/big", chunks: 3, sharedKb: 130, ownKb: 25, totalKb: 155, over: true },
    ]);
  });

  it("counts exactly the limit as within it", () => {
    expect(sizeRoutes([{ route: "/edge", files: ["a.js", "b.js"] }], (f) => kb[f]!, [], 130)[0]!.over).toBe(false);
  });
});

describe("gzipKb", () => {
  it("is the gzip size in thousands of bytes", () => {
    const bytes = Buffer.from("let x = 1;\n".repeat(500));
    expect(gzipKb(bytes)).toBe(gzipSync(bytes, { level: 9 }).length / 1000);
  });
});

describe("entryFilesFromManifestSource", () => {
  const source = `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};
globalThis.__RSC_MANIFEST["/(auth)/login/page"] = {"clientModules":{},"entryJSFiles":{"[project]/app/layout":["static/chunks/layout.js"]}};`;

  it("reads a page's entry files from its client reference manifest", () => {
    expect(entryFilesFromManifestSource(source, "/(auth)/login/page")).toEqual({
      "[project]/app/layout": ["static/chunks/layout.js"],
    });
  });

  it("refuses a manifest without the page", () => {
    expect(() => entryFilesFromManifestSource(source, "/(auth)/signup/page")).toThrow(/signup/);
  });
});
