import { describe, expect, it } from "vitest";
import { coded } from "../support/refusals";
import { ENDPOINTS } from "../../lib/api/endpoints";
import { NO_PAGE_CSP, scriptHash } from "../../lib/security/headers";
import { THEME_SCRIPT } from "../../lib/theme";
import { TEST_CLIENT_ORIGIN, testEnv } from "../support/env";
import { api, type ApiResult } from "../support/http";

const EVIL = "https://evil.example";

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

function nonceOf(res: ApiResult<unknown>): string {
  const script = directives(res.headers.get("content-security-policy")).get("script-src") ?? [];
  const nonce = script.find((v) => v.startsWith("'nonce-"));
  expect(nonce).toBeDefined();
  return nonce!.slice("'nonce-".length, -1);
}

function expectSecurityHeaders(res: ApiResult<unknown>) {
  const csp = directives(res.headers.get("content-security-policy"));
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  const script = csp.get("script-src");
  expect(script).toBeDefined();
  expect(script!.some((v) => /^'nonce-[A-Za-z0-9+/=_-]{16,}'$/.test(v))).toBe(true);
  expect(script).toContain("'strict-dynamic'");
  expect(script).not.toContain("'unsafe-inline'");
  expect(script).not.toContain("'unsafe-eval'");
  expect(script).not.toContain("*");
  expect(csp.get("object-src")).toEqual(["'none'"]);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("no-referrer");
}

/** An API answer: the headers of every answer, and a policy that lets nothing run (it is JSON, not a page). */
function expectApiSecurityHeaders(res: ApiResult<unknown>) {
  expect(res.headers.get("content-security-policy")).toBe(NO_PAGE_CSP);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("vary")).toMatch(/\bOrigin\b/);
}

describe("security headers", () => {
  it("are on a page", async () => {
    const res = await api("/login");
    expect(res.status).toBe(200);
    expectSecurityHeaders(res);
  });

  it("are on a redirect", async () => {
    expectSecurityHeaders(await api("/me"));
    // A static shell's redirect carries its hash policy (docs/decisions/084): the same headers otherwise.
    const shell = await api("/dashboard");
    expect(shell.status).toBe(307);
    expect(shell.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-/);
    expect(shell.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("are on an API response", async () => {
    const res = await api("/api/health");
    expect(res.status).toBe(200);
    expectApiSecurityHeaders(res);
  });

  it("are on API errors", async () => {
    for (const [path, status] of [
      ["/api/auth/me", 401],
      ["/api/no-such-thing", 404],
    ] as const) {
      const res = await api(path);
      expect(res.status).toBe(status);
      expectApiSecurityHeaders(res);
    }
    const bad = await api("/api/auth/login", { rawBody: "{" });
    expect(bad.status).toBe(400);
    expectApiSecurityHeaders(bad);
  });

  it("use a fresh nonce on every request, and the page's scripts carry it or are allowed by their hash", async () => {
    const first = await api<string>("/login");
    const second = await api<string>("/login");
    const nonce = nonceOf(first);
    expect(nonce).not.toBe(nonceOf(second));
    const policy = directives(first.headers.get("content-security-policy")).get("script-src")!;
    const scripts = [...first.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [tag, attributes, body] of scripts) {
      // Only the theme's fixed script (lib/theme.ts) goes without: it is allowed by its hash.
      if (!attributes!.includes(`nonce="${nonce}"`)) expect(policy, tag).toContain(scriptHash(body!));
    }
    expect(first.body).toContain(THEME_SCRIPT);
  });

  it("on a static shell: no nonce, every inline script allowed by its hash, chunks by 'self' alone", async () => {
    // docs/decisions/084: /forgot-password reads nothing of the request, so it is prerendered.
    const res = await api<string>("/forgot-password");
    expect(res.status).toBe(200);
    const csp = directives(res.headers.get("content-security-policy"));
    const script = csp.get("script-src")!;
    expect(script[0]).toBe("'self'");
    expect(script.some((v) => v.startsWith("'nonce-"))).toBe(false);
    // WebAssembly from our own scripts last (docs/decisions/117), every other source a hash.
    expect(script.at(-1)).toBe("'wasm-unsafe-eval'");
    for (const v of script.slice(1, -1)) expect(v).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(1);
    for (const [tag, attributes, body] of scripts) {
      const src = /\ssrc="([^"]+)"/.exec(attributes!)?.[1];
      if (src) expect(src, tag).toMatch(/^\/_next\/static\//);
      else expect(script, tag).toContain(scriptHash(body!));
    }
    // The same file for everyone: the second answer is the first.
    expect((await api<string>("/forgot-password")).body).toBe(res.body);
  });
});

describe("CORS for an origin in CORS_ORIGINS", () => {
  it("allows it, with credentials, on answers and errors", async () => {
    for (const [path, status] of [
      ["/api/health", 200],
      ["/api/auth/me", 401],
      ["/api/no-such-thing", 404],
    ] as const) {
      const res = await api(path, { headers: { origin: TEST_CLIENT_ORIGIN } });
      expect(res.status, path).toBe(status);
      expect(res.headers.get("access-control-allow-origin"), path).toBe(TEST_CLIENT_ORIGIN);
      expect(res.headers.get("access-control-allow-credentials"), path).toBe("true");
      expectApiSecurityHeaders(res);
    }
  });

  it("answers its preflight with a 204 that allows our methods and headers, on any API path", async () => {
    for (const path of ["/api/auth/login", "/api/journals/", "/api/journal/some-id/like"]) {
      const res = await api(path, {
        method: "OPTIONS",
        headers: {
          origin: TEST_CLIENT_ORIGIN,
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type, authorization",
        },
      });
      expect(res.status, path).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe(TEST_CLIENT_ORIGIN);
      expect(res.headers.get("access-control-allow-credentials")).toBe("true");
      expect(res.headers.get("access-control-allow-methods")).toMatch(/\bPOST\b.*\bDELETE\b/);
      expect(res.headers.get("access-control-allow-headers")).toMatch(
        /Authorization, Content-Type, Idempotency-Key, If-Match/,
      );
      expect(res.headers.get("access-control-max-age")).toBe("600");
    }
  });
});

describe("CORS for an origin not in CORS_ORIGINS", () => {
  it("sends no Access-Control headers to a foreign origin", async () => {
    for (const path of ["/api/health", "/api/auth/me", "/api/no-such-thing"]) {
      const res = await api(path, { headers: { origin: EVIL } });
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
      expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    }
  });

  it("answers a foreign preflight without allowing anything", async () => {
    const res = await api("/api/auth/login", {
      method: "OPTIONS",
      headers: {
        origin: EVIL,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type, authorization",
      },
    });
    expect(res.status).toBeLessThan(500);
    for (const name of ["origin", "credentials", "headers", "methods"]) {
      expect(res.headers.get(`access-control-allow-${name}`), name).toBeNull();
    }
  });

  it("does not reflect our own origin either (same-origin needs no CORS)", async () => {
    const res = await api("/api/health", { headers: { origin: new URL(testEnv.baseUrl).origin } });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("API errors", () => {
  it.each(["GET", "POST", "PUT", "PATCH", "DELETE"])(
    "answers %s on an unknown API path with a JSON 404",
    async (method) => {
      const res = await api("/api/definitely/not/here", { method });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.body).toEqual(coded({ message: expect.any(String) }));
    },
  );

  it.each([
    ["GET", "/api/auth/login", "POST"],
    ["GET", "/api/auth/2fa/verify", "POST"],
    ["GET", "/api/auth/register", "POST"],
    ["GET", "/api/auth/logout", "POST"],
    ["DELETE", "/api/auth/me", "GET"],
    ["PUT", "/api/health", "GET"],
    ["DELETE", "/api/journals", "GET, POST"],
    ["POST", "/api/journals/search", "GET"],
    ["POST", "/api/journals/00000000-0000-0000-0000-000000000000", "PUT, DELETE"],
    ["DELETE", "/api/export", "GET, POST"],
    ["POST", "/api/export/00000000-0000-0000-0000-000000000000", "GET"],
    ["PUT", "/api/export/00000000-0000-0000-0000-000000000000/download", "GET"],
    ["DELETE", "/api/import", "GET, POST"],
    ["POST", "/api/import/00000000-0000-0000-0000-000000000000", "GET"],
    ["POST", "/api/push/key", "GET"],
    ["GET", "/api/push/subscriptions", "POST, DELETE"],
  ])("answers %s %s with a 405 {message} naming what is allowed", async (method, path, allow) => {
    const res = await api(path, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe(allow);
    expect(res.body).toEqual(coded({ message: `Method not allowed. Use ${allow}.` }));
  });

  it.each([
    ["GET", "/api/friend-requests/send", "POST"],
    ["POST", "/api/friend-requests/pending", "GET"],
    ["GET", "/api/friend-requests/accept/00000000-0000-0000-0000-000000000000", "POST"],
    ["GET", "/api/friend-requests/reject/00000000-0000-0000-0000-000000000000", "POST"],
    ["GET", "/api/friend-requests/cancel/00000000-0000-0000-0000-000000000000", "DELETE"],
    ["DELETE", "/api/friend-requests/status/00000000-0000-0000-0000-000000000000", "GET"],
  ])(
    "answers %s %s with a 405 that carries success: false, like every friend-request error",
    async (method, path, allow) => {
      const res = await api(path, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe(allow);
      expect(res.body).toEqual(coded({ success: false, message: `Method not allowed. Use ${allow}.` }));
    },
  );
});

describe("every path of the API reference (lib/openapi)", () => {
  // Walked from the endpoints' definitions, not a hand list: a path added, or a method added to
  // one, is covered at once. Any value fills a parameter: a 405 is answered before the path is read.
  const methodsByPath = new Map<string, { methods: string[]; successFlag: boolean }>();
  for (const e of ENDPOINTS) {
    const entry = methodsByPath.get(e.path) ?? { methods: [], successFlag: false };
    entry.methods.push(e.method.toUpperCase());
    entry.successFlag ||= Boolean(e.successFlag);
    methodsByPath.set(e.path, entry);
  }

  it("answers each method it does not document with a 405 naming exactly those it does", async () => {
    const checked: string[] = [];
    for (const [path, { methods, successFlag }] of methodsByPath) {
      const concrete = path.replace(/\{\w+\}/g, "00000000-0000-4000-8000-000000000000");
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((m) => !methods.includes(m))) {
        const res = await api(concrete, { method });
        const what = `${method} ${path}`;
        expect(res.status, what).toBe(405);
        const allow = res.headers.get("allow") ?? "";
        expect(allow.split(", ").sort(), what).toEqual([...methods].sort());
        expect(res.body, what).toEqual(
          coded({
            ...(successFlag ? { success: false } : {}),
            message: `Method not allowed. Use ${allow}.`,
          }),
        );
        checked.push(what);
      }
    }
    expect(checked.length).toBeGreaterThan(100);
  });
});

describe("protected pages", () => {
  it.each([
    "/dashboard",
    "/close-circle",
    "/my-diary",
    "/me",
    "/me/security",
    "/me/writing",
    "/notifications",
    "/replies/00000000-0000-4000-8000-000000000000",
    "/admin",
  ])("redirect %s to /login without a session cookie", async (path) => {
    const res = await api(path);
    expect(res.status).toBe(307);
    const location = new URL(res.headers.get("location")!, testEnv.baseUrl);
    expect(location.pathname).toBe("/login");
  });

  it("rendered per request, send a stale or forged session cookie to /login too (the page checks the session itself)", async () => {
    for (const path of ["/me", "/notifications", "/admin"]) {
      const res = await api(path, { cookie: "session=forged-or-revoked" });
      expect([303, 307, 308], path).toContain(res.status);
      expect(new URL(res.headers.get("location")!, testEnv.baseUrl).pathname).toBe("/login");
    }
  });

  it("as static shells, answer a stale or forged cookie with the shell, which holds nothing of anyone (the browser's 401 then ends it)", async () => {
    // docs/decisions/084; e2e/routes.spec.ts follows the browser to /login.
    for (const path of ["/dashboard", "/my-diary", "/close-circle"]) {
      const res = await api<string>(path, { cookie: "session=forged-or-revoked" });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-security-policy"), path).not.toContain("nonce-");
      expect((await api<string>(path, { cookie: "session=another-one" })).body, path).toBe(res.body);
    }
  });
});
