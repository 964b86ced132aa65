import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../lib/auth/cookie-name";
import { testEnv } from "../support/env";

// Subresource Integrity (next.config.ts, docs/decisions/116): the scripts Next names in a page's
// HTML carry the SHA-384 of their bytes, and those bytes are what this server sends for them, so
// the browser runs them. Checked on the three kinds of page: the front page and a signed-in static
// shell (served by our server from memory, docs/decisions/092) and a page rendered per request.

const COOKIE = `${SESSION_COOKIE}=any-value-the-page-itself-checks`;

/** The `integrity` of every script and script preload with a `src`/`href` in `html`. */
function integrities(html: string): { url: string; integrity: string | null }[] {
  const tags = [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g),
    ...html.matchAll(/<link\b(?=[^>]*\bas="script")[^>]*\bhref="([^"]+)"[^>]*>/g),
  ];
  return tags.map((m) => ({ url: m[1]!, integrity: /\bintegrity="([^"]+)"/.exec(m[0])?.[1] ?? null }));
}

describe("subresource integrity", () => {
  for (const [page, headers] of [
    ["/", {}],
    ["/my-diary", { cookie: COOKIE }],
    ["/login", {}],
  ] as const) {
    it(`${page}: Next's bootstrap scripts carry the SHA-384 of the very bytes served`, async () => {
      const res = await fetch(`${testEnv.baseUrl}${page}`, { headers, redirect: "manual" });
      expect(res.status).toBe(200);
      const scripts = integrities(await res.text());
      const sealed = scripts.filter((s) => s.integrity);
      // Next marks its bootstrap scripts and their preloads; the chunks of a page's own components,
      // which React names from the page's payload, carry none (docs/decisions/116).
      expect(sealed.length).toBeGreaterThanOrEqual(4);
      for (const { url, integrity } of sealed) {
        expect(integrity).toMatch(/^sha384-[A-Za-z0-9+/]+=*$/);
        const body = Buffer.from(await (await fetch(new URL(url, testEnv.baseUrl))).arrayBuffer());
        expect(`sha384-${createHash("sha384").update(body).digest("base64")}`, url).toBe(integrity);
      }
    });
  }

  it("the service worker's precache names the SHA-384 of every script and style sheet it keeps, the page chunks included", async () => {
    const res = await fetch(`${testEnv.baseUrl}/serwist/sw.js`);
    expect(res.status).toBe(200);
    const worker = await res.text();
    // The manifest is inlined as object literals: {integrity, revision, url} in some order and quoting.
    const entries = [...worker.matchAll(/\{[^{}]*?\burl"?:\s*"(\/_next\/static\/[^"]+)"[^{}]*\}/g)].map((m) => ({
      url: m[1]!,
      integrity: /\bintegrity"?:\s*"([^"]+)"/.exec(m[0])?.[1] ?? null,
    }));
    // The build's chunks; the build-id folder's manifests, written again after the worker, are not run by any page.
    const checked = entries.filter((e) => /^\/_next\/static\/chunks\/.*\.(?:js|css)$/.test(e.url));
    expect(checked.length).toBeGreaterThan(20);
    for (const { url, integrity } of checked) {
      expect(integrity, url).toMatch(/^sha384-[A-Za-z0-9+/]+=*$/);
      const body = Buffer.from(await (await fetch(new URL(url, testEnv.baseUrl))).arrayBuffer());
      expect(`sha384-${createHash("sha384").update(body).digest("base64")}`, url).toBe(integrity);
    }
    // The chunks a page's components load (which Next's own SRI leaves out) are among them.
    const html = await (await fetch(`${testEnv.baseUrl}/login`)).text();
    const pageChunks = integrities(html).filter((s) => !s.integrity && s.url.startsWith("/_next/static/"));
    for (const { url } of pageChunks) expect(checked.map((e) => e.url)).toContain(url);
  });
});
