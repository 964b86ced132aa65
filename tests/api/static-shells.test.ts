import path from "node:path";
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../lib/auth/cookie-name";
import { LANGUAGE_COOKIE, localePath as route, splitLocalePath } from "../../lib/i18n/choose";
import { isProtectedPage, signedInGoesFrom } from "../../lib/http/protected-pages";
import { readStaticPageFiles } from "../../lib/security/static-pages";
import { LOCALES } from "../../lib/i18n/locales";
import { DEJAVU_FILES, pdfFontUrl } from "../../lib/journals/pdf/font-urls";
import { testEnv } from "../support/env";
import { meaning, rawRequest } from "../support/raw-http";

// docs/decisions/092: server/server.ts sends a plain visit of a static shell from memory, as a file
// server in front of Next would. It must answer exactly what Next answers: each shell of this build
// is asked for as a plain visit (this server's answer) and with a query (which it leaves to Next,
// through proxy.ts), with and without gzip, and the two compared header by header and byte by byte.

const COOKIE = `${SESSION_COOKIE}=any-value-the-page-itself-checks`;

// Next's own not-found and error pages (`/_not-found`, `/_global-error`) are no address of ours, and
// the bench's baselines are Next's own answers (docs/decisions/083).
// Each is made once a language (docs/decisions/144): `/es/my-diary` is what a browser given Spanish
// is sent for /my-diary.
const pages = [...readStaticPageFiles(path.join(process.cwd(), ".next")).keys()].flatMap((route) => {
  const page = splitLocalePath(route);
  return page ? [page] : [];
});
const shells = [...new Set(pages.map((page) => page.address))];

describe("static shells sent by our server", () => {
  it("are the build's prerendered pages, the three signed-in screens and the front page among them, in each language", () => {
    expect(shells).toEqual(
      expect.arrayContaining(["/", "/my-diary", "/close-circle", "/dashboard", "/offline", "/forgot-password"]),
    );
    for (const shell of shells) {
      expect(
        pages
          .filter((page) => page.address === shell)
          .map((page) => page.locale)
          .sort(),
        shell,
      ).toEqual([...LOCALES].sort());
    }
  });

  for (const encoding of ["", "gzip, deflate, br"]) {
    it(`answer each shell in each language as Next does${encoding ? " (gzip)" : " (no compression asked)"}`, async () => {
      const accept: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
      for (const { locale, address } of pages) {
        // The front page is a visitor's: with a session cookie it goes on (the last test below).
        const session = signedInGoesFrom(address) ? [] : [COOKIE];
        const cookie = { cookie: [...session, `${LANGUAGE_COOKIE}=${locale}`].join("; ") };
        const what = `${locale} ${address}`;
        const ours = await rawRequest(`${testEnv.baseUrl}${address}`, { headers: { ...cookie, ...accept } });
        const next = await rawRequest(`${testEnv.baseUrl}${address}?from=next`, {
          headers: { ...cookie, ...accept },
        });
        // Next names the path it was rewritten to, with the query this test added (proxy.ts).
        expect(next.headers["x-middleware-rewrite"], what).toBe(`${route(locale, address)}?from=next`);
        next.headers["x-middleware-rewrite"] = route(locale, address);
        expect(meaning(ours), what).toEqual(meaning(next));
        expect(ours.status, what).toBe(200);
        expect(ours.body.length, what).toBeGreaterThan(0);
        expect(ours.headers["content-encoding"], what).toBe(encoding ? "gzip" : undefined);
        // Ours is sent whole, with its length.
        expect(Number(ours.headers["content-length"]), what).toBe(ours.body.length);
        if (!encoding) expect(ours.body.toString("utf8"), what).toContain(`<html lang="${locale}"`);
      }
    });
  }

  it("leave what is no page where it is, in any language: the PDF's fonts", async () => {
    const font = Object.values(DEJAVU_FILES)[0]!;
    for (const headers of [{}, { cookie: `${LANGUAGE_COOKIE}=ar` }, { "accept-language": "ja" }] as Record<
      string,
      string
    >[]) {
      const res = await rawRequest(`${testEnv.baseUrl}${pdfFontUrl(font)}`, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^font\//);
      expect(res.headers["x-middleware-rewrite"]).toBeUndefined();
    }
  });

  it("send the language the cookie names, else the one Accept-Language asks for, else English", async () => {
    const langOf = async (headers: Record<string, string>) => {
      const res = await rawRequest(`${testEnv.baseUrl}/offline`, { headers });
      expect(res.status).toBe(200);
      return /<html lang="([^"]+)" dir="([^"]+)"/.exec(res.body.toString("utf8"))?.slice(1);
    };
    expect(await langOf({})).toEqual(["en", "ltr"]);
    expect(await langOf({ "accept-language": "ar-EG,ar;q=0.9,en;q=0.5" })).toEqual(["ar", "rtl"]);
    expect(await langOf({ "accept-language": "pt-PT" })).toEqual(["pt-BR", "ltr"]);
    expect(await langOf({ "accept-language": "ar", cookie: `${LANGUAGE_COOKIE}=ja` })).toEqual(["ja", "ltr"]);
    // A cookie naming no language of ours counts for nothing.
    expect(await langOf({ "accept-language": "de", cookie: `${LANGUAGE_COOKIE}=xx` })).toEqual(["de", "ltr"]);
    expect(await langOf({ cookie: `${LANGUAGE_COOKIE}=EN` })).toEqual(["en", "ltr"]);
  });

  it("answer HEAD with the same headers and no body", async () => {
    const get = await rawRequest(`${testEnv.baseUrl}/my-diary`, { headers: { cookie: COOKIE } });
    const head = await rawRequest(`${testEnv.baseUrl}/my-diary`, { method: "HEAD", headers: { cookie: COOKIE } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(meaning(head).headers).toEqual(meaning(get).headers);
    expect(head.headers["content-length"]).toBe(String(get.body.length));
  });

  it("send no gzip to a client that refuses it", async () => {
    const res = await rawRequest(`${testEnv.baseUrl}/my-diary`, {
      headers: { cookie: COOKIE, "accept-encoding": "gzip;q=0, identity" },
    });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.toString("utf8")).toContain("<html");
  });

  it("leave a signed-in screen without the session cookie to proxy.ts, which sends it to /login", async () => {
    for (const route of shells.filter(isProtectedPage)) {
      for (const cookie of ["", `${SESSION_COOKIE}=`, "other=1"]) {
        const res = await rawRequest(`${testEnv.baseUrl}${route}`, { headers: cookie ? { cookie } : {} });
        expect(res.status, `${route} ${cookie}`).toBe(307);
        expect(res.headers.location).toBe("/login");
        expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      }
    }
  });

  it("leave a client navigation's RSC request, a prefetch and a trailing slash to Next", async () => {
    const shell = meaning(await rawRequest(`${testEnv.baseUrl}/my-diary`, { headers: { cookie: COOKIE } }));
    // Next answers these with its payload, or a redirect that adds the `_rsc` its router expects.
    for (const headers of [{ rsc: "1" }, { rsc: "1", "next-router-prefetch": "1" }] as Record<string, string>[]) {
      const res = await rawRequest(`${testEnv.baseUrl}/my-diary`, { headers: { cookie: COOKIE, ...headers } });
      expect(meaning(res), JSON.stringify(headers)).not.toEqual(shell);
    }
    const slash = await rawRequest(`${testEnv.baseUrl}/my-diary/`, { headers: { cookie: COOKIE } });
    expect(slash.status).toBe(308);
    expect(slash.headers.location).toBe("/my-diary");
  });

  it("leave any other method to Next", async () => {
    for (const method of ["POST", "PUT", "DELETE"]) {
      const ours = await rawRequest(`${testEnv.baseUrl}/offline`, { method, headers: { cookie: COOKIE } });
      const next = await rawRequest(`${testEnv.baseUrl}/offline?from=next`, { method, headers: { cookie: COOKIE } });
      expect(ours.status, method).toBe(next.status);
      expect(ours.headers["content-length"], method).toBe(next.headers["content-length"]);
    }
  });

  it("leave the front page with a session cookie to proxy.ts, which sends it on to the dashboard", async () => {
    const visit = await rawRequest(`${testEnv.baseUrl}/`, { headers: { cookie: COOKIE } });
    expect(visit.status).toBe(307);
    expect(visit.headers.location).toBe("/dashboard");
    expect(visit.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    for (const cookie of ["", `${SESSION_COOKIE}=`, "other=1"]) {
      const res = await rawRequest(`${testEnv.baseUrl}/`, { headers: cookie ? { cookie } : {} });
      expect(res.status, cookie).toBe(200);
      expect(res.body.toString("utf8"), cookie).toContain("A diary you keep for years.");
    }
  });
});
