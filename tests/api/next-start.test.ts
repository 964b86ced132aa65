import { spawn, type ChildProcess } from "node:child_process";
import { coded } from "../support/refusals";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, waitForHealth } from "../../server/app-process";
import { DEFAULT_PASSWORD, connect, createSession, createUser } from "../../scripts/seed/factories";
import { login } from "../support/auth";
import { TEST_CLIENT_ORIGIN, testEnv } from "../support/env";
import { api, type ApiResult } from "../support/http";
import { SERVER_FAULT } from "../../scripts/test/server-faults";
import { NO_PAGE_CSP } from "../../lib/security/headers";

// docs/decisions/058: what a request needs happens inside Next, so a plain `next start` of the same
// build (as on any Node host whose process manager runs Next itself, and as on Vercel) answers the
// API with its headers, CORS and preflights, the same with or without a trailing slash, and knows
// the caller's address from the socket or from the platform's header when TRUST_PROXY says so.
// Three `next start` processes of this file's own, on the shared test database, without
// server/server.ts: one trusting nobody (and holding CRON_SECRET), one behind a proxy on
// loopback, one as on Vercel.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-next-start-"));
const CRON_SECRET = randomBytes(24).toString("base64url");
const EVIL = "https://evil.example";
const { db, close } = connect(testEnv.databaseUrl);

interface NextStart {
  url: string;
  log: string;
  child: ChildProcess;
}
let plain: NextStart;
let behindProxy: NextStart;
let vercel: NextStart;

async function startNext(name: string, env: Record<string, string>): Promise<NextStart> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const log = path.join(dir, `${name}.log`);
  const out = fs.openSync(log, "w");
  const inherited = { ...process.env };
  // The harness's own settings for its instances (TRUST_PROXY, APP_URL…) are not this one's.
  for (const name of ["TRUST_PROXY", "APP_URL", "PORT", "CORS_ORIGINS", "CRON_SECRET"]) delete inherited[name];
  const child = spawn(
    process.execPath,
    [path.join("node_modules", "next", "dist", "bin", "next"), "start", "--port", String(port)],
    {
      stdio: ["ignore", out, out],
      env: {
        ...inherited,
        NODE_ENV: "production",
        APP_URL: url,
        DATABASE_URL: testEnv.databaseUrl,
        DATA_DIR: path.join(dir, `${name}-data`),
        MAINTENANCE_INTERVAL_MINUTES: "0",
        BACKGROUND_JOBS: "off",
        CORS_ORIGINS: TEST_CLIENT_ORIGIN,
        ...env,
      },
    },
  );
  // Ready when it answers, as the harness's instances are.
  await waitForHealth(url, child, log);
  return { url, log, child };
}

async function stop({ child }: NextStart) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

beforeAll(async () => {
  [plain, behindProxy, vercel] = await Promise.all([
    startNext("plain", { CRON_SECRET }),
    startNext("behind-proxy", { TRUST_PROXY: "loopback" }),
    startNext("vercel", { TRUST_PROXY: "vercel" }),
  ]);
}, 180_000);

afterAll(async () => {
  const logs: string[] = [];
  for (const instance of [plain, behindProxy, vercel]) {
    if (!instance) continue;
    await stop(instance);
    logs.push(fs.readFileSync(instance.log, "utf8"));
  }
  await close();
  fs.rmSync(dir, { recursive: true, force: true });
  expect(
    logs
      .join("\n")
      .split("\n")
      .filter((l) => SERVER_FAULT.test(l)),
  ).toEqual([]);
}, 60_000);

const on = (instance: () => NextStart) => ({
  get base() {
    return instance().url;
  },
});

function expectApiHeaders(res: ApiResult<unknown>, what = "") {
  expect(res.headers.get("content-security-policy"), what).toBe(NO_PAGE_CSP);
  expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(res.headers.get("referrer-policy"), what).toBe("no-referrer");
  expect(res.headers.get("x-frame-options"), what).toBe("DENY");
  expect(res.headers.get("vary"), what).toMatch(/\bOrigin\b/);
}

describe("plain next start: the API's headers", () => {
  it("are on answers, errors, 404s and 405s, each no-store", async () => {
    const { base } = on(() => plain);
    const { user } = await createUser(db);
    const token = await createSession(db, user.id);
    for (const [p, status, opts] of [
      ["/api/health", 200, {}],
      ["/api/auth/me", 200, { token }],
      ["/api/auth/me", 401, {}],
      ["/api/no-such-thing", 404, {}],
      ["/api/auth/me", 405, { method: "DELETE", token }],
      ["/api/auth/login", 400, { rawBody: "{" }],
    ] as const) {
      const res = await api(p, { base, ...opts });
      expect(res.status, p).toBe(status);
      expectApiHeaders(res, `${status} ${p}`);
      expect(res.headers.get("cache-control"), p).toBe("no-store");
    }
  });

  it("give build assets and the icon the security headers without the page proxy", async () => {
    const { base } = on(() => plain);
    const html = await (await fetch(`${base}/login`)).text();
    const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    for (const p of [script!, "/icon.svg"]) {
      const res = await api(p, { base });
      expect(res.status, p).toBe(200);
      expect(res.headers.get("content-security-policy"), p).toBe(NO_PAGE_CSP);
      expect(res.headers.get("x-content-type-options"), p).toBe("nosniff");
      expect(res.headers.get("x-frame-options"), p).toBe("DENY");
    }
  });

  it("leave pages to proxy.ts: a nonce-based policy", async () => {
    const res = await api<string>("/login", { base: plain.url });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+'/);
  });
});

describe("plain next start: CORS", () => {
  it("allows an origin in CORS_ORIGINS, with credentials, on answers and errors", async () => {
    for (const [p, status] of [
      ["/api/health", 200],
      ["/api/auth/me", 401],
      ["/api/no-such-thing", 404],
    ] as const) {
      const res = await api(p, { base: plain.url, headers: { origin: TEST_CLIENT_ORIGIN } });
      expect(res.status, p).toBe(status);
      expect(res.headers.get("access-control-allow-origin"), p).toBe(TEST_CLIENT_ORIGIN);
      expect(res.headers.get("access-control-allow-credentials"), p).toBe("true");
      expectApiHeaders(res, p);
    }
  });

  it("answers its preflight with a 204 that allows our methods and headers, on any API path", async () => {
    for (const p of ["/api/auth/login", "/api/journals/", "/api/journal/some-id/like"]) {
      const res = await api(p, {
        base: plain.url,
        method: "OPTIONS",
        headers: {
          origin: TEST_CLIENT_ORIGIN,
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type, authorization",
        },
      });
      expect(res.status, p).toBe(204);
      expect(res.headers.get("access-control-allow-origin"), p).toBe(TEST_CLIENT_ORIGIN);
      expect(res.headers.get("access-control-allow-credentials"), p).toBe("true");
      expect(res.headers.get("access-control-allow-methods"), p).toMatch(/\bPOST\b.*\bDELETE\b/);
      expect(res.headers.get("access-control-allow-headers"), p).toMatch(/Authorization, Content-Type/);
      expect(res.headers.get("access-control-max-age"), p).toBe("600");
      expectApiHeaders(res, p);
    }
  });

  it("allows nothing to a foreign origin, preflight included", async () => {
    for (const p of ["/api/health", "/api/auth/me", "/api/no-such-thing"]) {
      const res = await api(p, { base: plain.url, headers: { origin: EVIL } });
      expect(res.headers.get("access-control-allow-origin"), p).toBeNull();
      expect(res.headers.get("access-control-allow-credentials"), p).toBeNull();
    }
    const preflight = await api("/api/auth/login/", {
      base: plain.url,
      method: "OPTIONS",
      headers: {
        origin: EVIL,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type, authorization",
      },
    });
    expect(preflight.status).toBeLessThan(300);
    for (const name of ["origin", "credentials", "headers", "methods"])
      expect(preflight.headers.get(`access-control-allow-${name}`), name).toBeNull();
  });
});

describe("plain next start: trailing slashes and malformed paths", () => {
  it("answers /api the same with or without a trailing slash, with no redirect", async () => {
    const { user } = await createUser(db);
    const token = await createSession(db, user.id);
    const health = await api("/api/health/", { base: plain.url });
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: "ok" });
    const me = await api("/api/auth/me/", { base: plain.url, token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
    const month = await api("/api/journals/month/2026/1/", { base: plain.url, token });
    expect(month.status).toBe(200);
    const unknown = await api("/api/definitely/not/here/", { base: plain.url });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(coded({ message: expect.any(String) }));
  });

  it("still sends a page's path with a trailing slash to the one without", async () => {
    const res = await api("/login/", { base: plain.url });
    expect(res.status).toBe(308);
    expect(new URL(res.headers.get("location")!, plain.url).pathname).toBe("/login");
  });

  it.each(["/%", "/api/journals/%", "/api/%zz/x", "/my-diary/%E0%A4%A"])(
    "answers a malformed path %s with a 400 that carries the security headers",
    async (p) => {
      // Not a path of the reference, nor a template's parameter it could name: checked here, not by the contract.
      const res = await api(p, { base: plain.url, unchecked: "a malformed %-escape in the path" });
      expect(res.status).toBe(400);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("content-security-policy")).toBe(NO_PAGE_CSP);
      expect(res.headers.get("cache-control")).toBe("no-store");
      if (p.startsWith("/api/"))
        expect(res.body).toEqual(coded({ message: "Malformed URL: invalid percent-encoding in the path" }));
    },
  );
});

describe("plain next start: the caller's address", () => {
  function expectRateLimited(res: { status: number; body: unknown }) {
    expect(res.status, JSON.stringify(res.body)).toBe(429);
  }

  it("comes from the socket where no proxy is trusted: a claimed X-Forwarded-For changes nothing", async () => {
    const { user } = await createUser(db);
    for (let i = 0; i < 10; i++) {
      const res = await login(user.username, "wrong password", {
        base: plain.url,
        headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
      });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    expectRateLimited(
      await login(user.username, DEFAULT_PASSWORD, {
        base: plain.url,
        headers: { "x-forwarded-for": "203.0.113.77", "x-vercel-forwarded-for": "203.0.113.78" },
      }),
    );
  });

  it("is X-Forwarded-For's behind a trusted proxy (TRUST_PROXY=loopback), as under our server", async () => {
    const { user } = await createUser(db);
    const as = { "x-forwarded-for": "2001:db8:58::1" };
    for (let i = 0; i < 10; i++)
      expect((await login(user.username, "wrong password", { base: behindProxy.url, headers: as })).status).toBe(401);
    expectRateLimited(await login(user.username, DEFAULT_PASSWORD, { base: behindProxy.url, headers: as }));
    // The proxy appends the address it saw; what the client wrote before it is not believed.
    const other = { "x-forwarded-for": `${as["x-forwarded-for"]}, 2001:db8:58::2` };
    expect((await login(user.username, DEFAULT_PASSWORD, { base: behindProxy.url, headers: other })).status).toBe(200);
  });

  it("is the one Vercel names (TRUST_PROXY=vercel: X-Vercel-Forwarded-For)", async () => {
    const { user } = await createUser(db);
    const as = { "x-vercel-forwarded-for": "2001:db8:58::3" };
    for (let i = 0; i < 10; i++)
      expect((await login(user.username, "wrong password", { base: vercel.url, headers: as })).status).toBe(401);
    expectRateLimited(await login(user.username, DEFAULT_PASSWORD, { base: vercel.url, headers: as }));
    expect(
      (
        await login(user.username, DEFAULT_PASSWORD, {
          base: vercel.url,
          headers: { "x-vercel-forwarded-for": "2001:db8:58::4" },
        })
      ).status,
    ).toBe(200);
  });
});

describe("the scheduler's housekeeping endpoint (/cron/maintenance)", () => {
  it("refuses a call without the secret or with a wrong one", async () => {
    for (const headers of [{}, { authorization: "Bearer wrong" }, { authorization: CRON_SECRET }] as Record<
      string,
      string
    >[]) {
      for (const method of ["GET", "POST"]) {
        const res = await api("/cron/maintenance", { base: plain.url, method, headers });
        expect(res.status, `${method} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.headers.get("cache-control")).toBe("no-store");
      }
    }
  });

  it("runs one housekeeping pass with it (Vercel Cron's GET, or a POST)", async () => {
    for (const method of ["GET", "POST"]) {
      const res = await api("/cron/maintenance", {
        base: plain.url,
        method,
        headers: { authorization: `Bearer ${CRON_SECRET}` },
      });
      expect(res.status, method).toBe(200);
      expect(res.body.status, method).toBe("done");
      expect(res.body.counts, method).toEqual(expect.any(Object));
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    expect(fs.readFileSync(plain.log, "utf8")).toMatch(/\[maintenance\] /);
  });

  it("does not exist where CRON_SECRET is unset", async () => {
    for (const base of [behindProxy.url, testEnv.baseUrl]) {
      const res = await api("/cron/maintenance", {
        base,
        method: "POST",
        headers: { authorization: `Bearer ${CRON_SECRET}` },
      });
      expect(res.status, base).toBe(404);
    }
  });
});
