import { describe, expect, it } from "vitest";
import { parseSetCookie, type SetCookie } from "../support/auth";
import { TEST_CLIENT_ORIGIN, testEnv } from "../support/env";
import { api } from "../support/http";

// Google sign-in started from another allowed origin comes back to it; never to any other origin
// (docs/decisions/012). The whole browser flow is in e2e/google-origin.spec.ts.

const ORIGIN_COOKIE = "inkwell_oauth_origin";
const EVIL = "https://evil.example";

/** Follows /api/auth/google (and its one `?step=2` hop) up to the redirect to the provider. */
async function startSignIn(query: string, headers: Record<string, string> = {}) {
  const jar = new Map<string, SetCookie>();
  let path = `/api/auth/google${query}`;
  for (let hop = 0; hop < 2; hop++) {
    const cookie = [...jar.values()]
      .filter((c) => c.value)
      .map((c) => `${c.name}=${encodeURIComponent(c.value)}`)
      .join("; ");
    const res = await api(path, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
    expect(res.status).toBe(302);
    for (const line of res.headers.getSetCookie()) {
      const c = parseSetCookie(line);
      jar.set(c.name, c);
    }
    const location = new URL(res.headers.get("location")!, testEnv.baseUrl);
    if (location.origin !== new URL(testEnv.baseUrl).origin)
      return { location, originCookie: jar.get(ORIGIN_COOKIE), hops: hop + 1 };
    path = location.pathname + location.search;
  }
  throw new Error("/api/auth/google did not redirect to the provider");
}

describe("GET /api/auth/google from another origin", () => {
  it.each([
    ["an explicit ?origin=", `?origin=${encodeURIComponent(TEST_CLIENT_ORIGIN)}`, {}],
    ["the Referer", "", { referer: `${TEST_CLIENT_ORIGIN}/login?next=x` }],
  ])("remembers an allowed origin taken from %s in a short-lived httpOnly cookie", async (_label, query, headers) => {
    const { location, originCookie } = await startSignIn(query, headers);
    expect(location.origin).toBe(new URL(testEnv.oidcIssuer).origin);
    expect(originCookie).toMatchObject({ name: ORIGIN_COOKIE, value: TEST_CLIENT_ORIGIN });
    expect(originCookie!.attrs).toMatchObject({ httponly: "", path: "/api/auth", "max-age": "600" });
    expect(originCookie!.attrs.samesite?.toLowerCase()).toBe("lax");
  });

  it.each([
    ["?origin= of another origin", `?origin=${encodeURIComponent(EVIL)}`, {}],
    [
      "?origin= of another origin, even with an allowed Referer",
      `?origin=${encodeURIComponent(EVIL)}`,
      { referer: `${TEST_CLIENT_ORIGIN}/` },
    ],
    [
      "?origin= of an allowed host on another port",
      `?origin=${encodeURIComponent("http://client.inkwell.test:1235")}`,
      {},
    ],
    ["?origin= that is not a URL", "?origin=javascript:alert(1)", {}],
    ["a Referer of another origin", "", { referer: `${EVIL}/` }],
    ["our own pages (no Referer)", "", {}],
  ])("remembers nothing for %s", async (_label, query, headers) => {
    const { originCookie } = await startSignIn(query, headers);
    expect(originCookie).toBeUndefined();
  });

  it("forgets an origin left by an earlier sign-in when one starts from our own pages", async () => {
    const res = await api("/api/auth/google?step=2", {
      headers: { cookie: `${ORIGIN_COOKIE}=${encodeURIComponent(TEST_CLIENT_ORIGIN)}` },
    });
    const cleared = res.headers
      .getSetCookie()
      .map(parseSetCookie)
      .find((c) => c.name === ORIGIN_COOKIE);
    expect(cleared).toMatchObject({ value: "", attrs: { "max-age": "0" } });
  });
});

describe("GET /api/auth/callback/google", () => {
  const callback = (originCookie: string) =>
    api("/api/auth/callback/google?code=forged&state=forged", {
      headers: { cookie: `${ORIGIN_COOKIE}=${encodeURIComponent(originCookie)}` },
    });

  it("sends a failed sign-in back to the allowed origin it started from, and forgets it", async () => {
    const res = await callback(TEST_CLIENT_ORIGIN);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${TEST_CLIENT_ORIGIN}/login?error=oauth`);
    const cleared = res.headers
      .getSetCookie()
      .map(parseSetCookie)
      .find((c) => c.name === ORIGIN_COOKIE);
    expect(cleared).toMatchObject({ value: "", attrs: { "max-age": "0" } });
  });

  it("checks the cookie against CORS_ORIGINS again: any other origin gets our own", async () => {
    for (const forged of [EVIL, `${TEST_CLIENT_ORIGIN}.evil.example`, "//evil.example", "not a url"]) {
      const res = await callback(forged);
      expect(res.status).toBe(302);
      expect(res.headers.get("location"), forged).toBe(`${testEnv.baseUrl}/login?error=oauth`);
    }
  });
});
