import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadStaticAssets } from "../../server/static-assets";
import { testEnv } from "../support/env";
import { meaning, rawRequest } from "../support/raw-http";

// docs/decisions/092: server/server.ts sends the build's own files (`/_next/static/…`) from memory,
// as a CDN in front of Next would. Each file of this build is asked for plainly (this server's
// answer, once it has read them) and with a query (which it leaves to Next), with and without gzip,
// and the two compared header by header and byte by byte.

function buildFiles(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
}

const root = path.join(process.cwd(), ".next", "static");
const urls = buildFiles(root).map((f) => `/_next/static/${f}`);

/** The largest script: Next gzips it as it streams, with no length, where ours has one. */
const largest = urls.filter((u) => u.endsWith(".js")).sort((a, b) => size(b) - size(a))[0]!;
function size(url: string) {
  return fs.statSync(path.join(root, url.slice("/_next/static/".length))).size;
}

/** Until the server has read the build's files, Next sends them: wait for ours (sent whole, with its length). */
async function oursServing() {
  await expect
    .poll(
      async () =>
        (await rawRequest(`${testEnv.baseUrl}${largest}`, { headers: { "accept-encoding": "gzip" } })).headers[
          "content-length"
        ],
    )
    .toBeDefined();
}

describe("the build's static files sent by our server", () => {
  it("are the build's scripts, styles and fonts", () => {
    expect(
      urls.some((u) => u.endsWith(".js")) &&
        urls.some((u) => u.endsWith(".css")) &&
        urls.some((u) => u.endsWith(".woff2")),
    ).toBe(true);
  });

  for (const encoding of ["", "gzip, deflate, br"]) {
    it(`answer each file as Next does${encoding ? " (gzip)" : " (no compression asked)"}`, async () => {
      await oursServing();
      const accept: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
      for (const url of urls) {
        const ours = await rawRequest(`${testEnv.baseUrl}${url}`, { headers: accept });
        const next = await rawRequest(`${testEnv.baseUrl}${url}?from=next`, { headers: accept });
        expect(meaning(ours), url).toEqual(meaning(next));
        expect(ours.status, url).toBe(200);
        expect(Number(ours.headers["content-length"]), url).toBe(ours.body.length);
      }
    });
  }

  it("answer HEAD with the same headers and no body", async () => {
    const url = urls.find((u) => u.endsWith(".css"))!;
    await oursServing();
    const get = await rawRequest(`${testEnv.baseUrl}${url}`);
    const head = await rawRequest(`${testEnv.baseUrl}${url}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(meaning(head).headers).toEqual(meaning(get).headers);
  });

  it("leave a range, a conditional request and another method to Next", async () => {
    const url = urls.find((u) => u.endsWith(".js"))!;
    await oursServing();
    const etag = (await rawRequest(`${testEnv.baseUrl}${url}`)).headers.etag!;
    const range = await rawRequest(`${testEnv.baseUrl}${url}`, { headers: { range: "bytes=0-9" } });
    expect(range.status).toBe(206);
    expect(range.body.length).toBe(10);
    const inits: { method?: string; headers?: Record<string, string> }[] = [
      { headers: { "if-none-match": etag } },
      { headers: { "if-modified-since": new Date().toUTCString() } },
      { method: "POST" },
      { method: "DELETE" },
    ];
    for (const init of inits) {
      const ours = await rawRequest(`${testEnv.baseUrl}${url}`, init);
      const next = await rawRequest(`${testEnv.baseUrl}${url}?from=next`, init);
      expect(meaning(ours), JSON.stringify(init)).toEqual(meaning(next));
    }
  });

  it("keep no more than their bound: the files past it are left to Next", async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-static-assets-"));
    fs.mkdirSync(path.join(dist, "static", "chunks"), { recursive: true });
    // Noise does not compress: each file costs about twice its size (as sent and gzipped).
    for (const name of ["a", "b", "c"])
      fs.writeFileSync(
        path.join(dist, "static", "chunks", `${name}.js`),
        Buffer.from(Array.from({ length: 4000 }, () => Math.floor(Math.random() * 256))),
      );
    fs.writeFileSync(path.join(dist, "static", "chunks", "d.txt"), "not a type the build writes");
    const all = await loadStaticAssets(dist);
    expect([...all.keys()].sort()).toEqual([
      "/_next/static/chunks/a.js",
      "/_next/static/chunks/b.js",
      "/_next/static/chunks/c.js",
    ]);
    const bounded = await loadStaticAssets(dist, 17_000);
    expect(bounded.size).toBe(2);
    const none = await loadStaticAssets(path.join(dist, "no-build"));
    expect(none.size).toBe(0);
    fs.rmSync(dist, { recursive: true });
  });
});
