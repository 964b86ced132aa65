import { describe, expect, it } from "vitest";
import { OPEN_GRAPH_PICTURE } from "../../components/site/front-pictures";
import { testEnv } from "../support/env";
import { rawRequest } from "../support/raw-http";

// The front page's tags for search engines and link previews, and where /privacy and /terms lead
// (docs/decisions/108). The page itself, for a person: e2e/front-page.spec.ts; its static answer
// and the redirect of a signed-in browser: tests/api/static-shells.test.ts.

/** The content of each <meta property|name="…"> of a page, by its property or name. */
function metaTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const [, key, value] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g))
    tags.set(key!, value!.replaceAll("&amp;", "&"));
  return tags;
}

describe("the front page", () => {
  it("says what Inkwell is to search engines and link previews, with a whole address for its picture", async () => {
    const res = await rawRequest(`${testEnv.baseUrl}/`);
    expect(res.status).toBe(200);
    const html = res.body.toString("utf8");
    const tags = metaTags(html);
    expect(tags.get("description")).toMatch(/^Write one page a day\./);
    expect(tags.get("og:title")).toBe("Inkwell — a diary, one page a day");
    expect(tags.get("og:type")).toBe("website");
    expect(tags.get("twitter:card")).toBe("summary_large_image");
    const image = new URL(tags.get("og:image")!);
    expect(image.pathname).toBe(OPEN_GRAPH_PICTURE.url);
    expect(tags.get("og:image:width")).toBe(String(OPEN_GRAPH_PICTURE.width));
    expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"/]+\/?"\/>/);
    // The picture is a file of this server, a PNG of the size the tags say.
    const png = await rawRequest(`${testEnv.baseUrl}${image.pathname}`);
    expect(png.status).toBe(200);
    expect(png.headers["content-type"]).toBe("image/png");
    expect(png.body.readUInt32BE(16)).toBe(OPEN_GRAPH_PICTURE.width);
    expect(png.body.readUInt32BE(20)).toBe(OPEN_GRAPH_PICTURE.height);
  });
});

describe("robots.txt", () => {
  it("lets search engines read the pages for everyone and nothing that is a person's own", async () => {
    const res = await rawRequest(`${testEnv.baseUrl}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    const lines = res.body.toString("utf8").split("\n");
    for (const allowed of ["/$", "/privacy", "/terms", "/login", "/signup"])
      expect(lines).toContain(`Allow: ${allowed}`);
    expect(lines).toContain("Disallow: /");
  });
});

describe("/privacy and /terms", () => {
  it("are Inkwell's own pages where no address is set", async () => {
    for (const [path, heading] of [
      ["/privacy", "What is kept, and where"],
      ["/terms", "Your words are yours"],
    ] as const) {
      const res = await rawRequest(`${testEnv.baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.body.toString("utf8"), path).toContain(heading);
    }
  });

  it("lead to PRIVACY_URL and TERMS_URL where they are set", async () => {
    for (const [path, url] of [
      ["/privacy", "https://inkwell.test/our-privacy-notice"],
      ["/terms", "https://inkwell.test/our-terms"],
    ] as const) {
      const res = await rawRequest(`${testEnv.secondUrl}${path}`);
      expect(res.status, path).toBe(307);
      expect(res.headers.location, path).toBe(url);
    }
  });
});
