import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, scriptHash } from "../../lib/security/headers";
import { inlineScriptHashes, readStaticPages } from "../../lib/security/static-pages";
import { THEME_SCRIPT } from "../../lib/theme";

// docs/decisions/084: a static shell's policy lists its inline scripts' hashes, read from the build.
describe("static shells' script hashes", () => {
  it("hash every inline script once and skip scripts with a src", () => {
    const html = `<head><script src="/_next/static/a.js" async=""></script><script>one()</script></head><body><script id="_R_">two()</script><script>one()</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([scriptHash("one()"), scriptHash("two()")]);
  });

  it("read only the pages the build prerendered for good, by their path", () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-static-pages-"));
    fs.mkdirSync(path.join(dist, "server", "app"), { recursive: true });
    fs.writeFileSync(path.join(dist, "server", "app", "index.html"), "<script>root()</script>");
    fs.writeFileSync(path.join(dist, "server", "app", "offline.html"), "<script>offline()</script>");
    fs.writeFileSync(path.join(dist, "server", "app", "news.html"), "<script>news()</script>");
    fs.writeFileSync(
      path.join(dist, "prerender-manifest.json"),
      JSON.stringify({
        routes: {
          "/": { initialRevalidateSeconds: false },
          "/offline": { initialRevalidateSeconds: false },
          "/news": { initialRevalidateSeconds: 60 }, // revalidated: not one file for good
          "/manifest.webmanifest": { initialRevalidateSeconds: false }, // a route handler's answer, no HTML
        },
      }),
    );
    const pages = readStaticPages(dist);
    expect([...pages.keys()].sort()).toEqual(["/", "/offline"]);
    expect(pages.get("/offline")).toEqual([scriptHash("offline()")]);
    fs.rmSync(dist, { recursive: true });
  });

  it("read nothing without a build (every page then gets a nonce)", () => {
    expect(readStaticPages(path.join(os.tmpdir(), "no-such-build-folder")).size).toBe(0);
  });

  it("make a policy with hashes, no nonce and no 'strict-dynamic' for a shell, and the theme's hash for both kinds", () => {
    const shell = contentSecurityPolicy({ hashes: [scriptHash("one()")] }, false);
    // WebAssembly from our own scripts, and no eval() of JavaScript (docs/decisions/117).
    expect(shell).toContain(`script-src 'self' ${scriptHash(THEME_SCRIPT)} ${scriptHash("one()")} 'wasm-unsafe-eval';`);
    const scriptSrc = shell.split("; ").find((d) => d.startsWith("script-src"))!;
    expect(scriptSrc).not.toMatch(/nonce-|strict-dynamic|unsafe-inline|'unsafe-eval'/);
    const rendered = contentSecurityPolicy({ nonce: "abc" }, false);
    expect(rendered).toContain(
      `script-src 'self' 'nonce-abc' 'strict-dynamic' ${scriptHash(THEME_SCRIPT)} 'wasm-unsafe-eval';`,
    );
  });
});
