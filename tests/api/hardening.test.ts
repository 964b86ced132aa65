import fs from "node:fs";
import { coded } from "../support/refusals";
import { afterAll, describe, expect, it } from "vitest";
import { connect } from "../../scripts/seed/factories";
import { countUsers, newRegistration, register } from "../support/auth";
import { testEnv } from "../support/env";
import { api, type ApiResult } from "../support/http";
import { entryFields, postJournal, signedIn } from "../support/journals";
import { HSTS, NO_PAGE_CSP, securityHeaders } from "../../lib/security/headers";

// docs/decisions/010, 014 and 040: what one request could do to the process, and what the answers must always carry.
const { db, close } = connect(testEnv.databaseUrl);
afterAll(close);

const HUGE = 200_000;

async function expectHealthy() {
  expect((await api("/api/health")).status).toBe(200);
}

/** The headers every answer carries, errors and answers made outside Next included. */
function expectBaseHeaders(res: ApiResult<unknown>) {
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
}

describe("one huge field is a quick 4xx, never the end of the process (7.1)", () => {
  it("refuses a 200 000-character title and content (413 as the field arrives: docs/decisions/040), and a 20 000-character one (400)", async () => {
    const { token } = await signedIn(db);
    for (const field of ["title", "content"]) {
      const res = await postJournal(token, entryFields({ [field]: "a".repeat(HUGE) }));
      expect(res.status).toBe(413);
      expect(res.body.message).toBe("A form field is too large");
      const long = await postJournal(token, entryFields({ [field]: "a".repeat(HUGE / 10) }));
      expect(long.status).toBe(400);
      expect(long.body.message).toMatch(/at most/);
    }
    const stacked = await postJournal(token, entryFields({ title: `a${"\u0301".repeat(HUGE / 10)}` }));
    expect(stacked.status).toBe(400);
    await expectHealthy();
  });

  it("refuses a 200 000-character name at sign-up (413: the body is over 8 KB), and a 2 000-character one (400)", async () => {
    const body = newRegistration({ name: "n".repeat(HUGE) });
    expect((await register(body)).status).toBe(413);
    const long = newRegistration({ name: "n".repeat(HUGE / 100) });
    expect((await register(long)).status).toBe(400);
    expect(await countUsers(db, body)).toBe(0);
    expect(await countUsers(db, long)).toBe(0);
    await expectHealthy();
  });
});

describe("bad input is a clear 4xx (7.6)", () => {
  it("refuses a NUL in the sign-up name and creates nobody", async () => {
    const body = newRegistration({ name: "Ada\0Lovelace" });
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Name contains a character that is not allowed");
    expect(await countUsers(db, body)).toBe(0);
  });

  it("refuses a NUL in the login username", async () => {
    const res = await api("/api/auth/login", { body: { username: "ada\0", password: "whatever-it-is" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Username contains a character that is not allowed");
  });

  it("treats a session cookie with a malformed %-escape as no cookie, even beside a valid bearer token", async () => {
    const { token } = await signedIn(db);
    expect((await api("/api/auth/me", { token, cookie: "session=%E0%A4%A" })).status).toBe(200);
    expect((await api("/api/auth/me", { cookie: "session=%zz" })).status).toBe(401);
    expect((await api("/me", { cookie: "session=%zz" })).status).toBe(307);
  });

  it.each(["/%", "/api/journals/%", "/api/%zz/x", "/my-diary/%E0%A4%A"])(
    "answers a malformed path %s with a 400 that carries the security headers",
    async (path) => {
      // Not a path of the reference, nor a template's parameter it could name: checked here, not by the contract.
      const res = await api(path, { unchecked: "a malformed %-escape in the path" });
      expect(res.status).toBe(400);
      expectBaseHeaders(res);
      expect(res.headers.get("cache-control")).toBe("no-store");
      if (path.startsWith("/api/"))
        expect(res.body).toEqual({ message: "Malformed URL: invalid percent-encoding in the path" });
    },
  );
});

describe("trailing slashes on the API (7.8)", () => {
  it("answers the same with or without one, with no redirect", async () => {
    const { token, user } = await signedIn(db);
    for (const path of ["/api/health/", "/api/health//"]) {
      const res = await api(path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: "ok" });
    }
    const me = await api("/api/auth/me/", { token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
    const created = await postJournal(token, entryFields(), undefined);
    expect(created.status).toBe(201);
    const month = await api(`/api/journals/month/${entryFields().journaldate!.toString().slice(0, 4)}/1/`, { token });
    expect(month.status).toBe(200);
  });

  it("lets a browser's CORS preflight through without a redirect", async () => {
    const res = await api("/api/auth/login/", {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(res.status).toBeLessThan(300);
  });

  it("keeps unknown paths a JSON 404", async () => {
    const res = await api("/api/definitely/not/here/");
    expect(res.status).toBe(404);
    expect(res.body).toEqual(coded({ message: expect.any(String) }));
  });
});

describe("nothing from outside writes a line of its own into the log (7.6)", () => {
  it("keeps the Google callback's error parameter, which next-auth echoes, on one line", async () => {
    const marker = `forged-${Date.now().toString(36)}`;
    const res = await api(
      `/api/auth/callback/google?error=${encodeURIComponent(`\nUnhandled error in route handler: ${marker}\r\n[api] ${marker}`)}`,
    );
    expect(res.status).toBeLessThan(500);
    const lines = fs
      .readFileSync(testEnv.log, "utf8")
      .split("\n")
      .filter((l) => l.includes(marker));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^\[google\] /);
  });
});

describe("caching and security headers on every answer (7.9)", () => {
  it("marks authenticated API answers no-store, errors and 405s included", async () => {
    const { token } = await signedIn(db);
    const answers = [
      await api("/api/auth/me", { token }),
      await api("/api/journals/month/2026/1", { token }),
      await api("/api/journals/date/2001-01-01", { token }),
      await api("/api/auth/me"),
      await api("/api/auth/me", { method: "DELETE", token }),
      await api("/api/no-such-thing", { token }),
    ];
    for (const res of answers) {
      expect(res.headers.get("cache-control"), `${res.status}`).toBe("no-store");
      expectBaseHeaders(res);
    }
  });

  it("puts the security headers on a body that is too large and on a missing page or asset", async () => {
    const tooLarge = await api("/api/auth/login", { rawBody: "x".repeat(7 * 1024 * 1024) });
    expect(tooLarge.status).toBe(413);
    expectBaseHeaders(tooLarge);
    // An unknown path goes to /dashboard (docs/product.md §2); an unknown build asset is Next's own answer.
    for (const path of ["/_next/static/chunks/no-such-chunk.js", "/no/such/page"]) {
      const res = await api(path);
      expect(res.status, path).toBeLessThan(500);
      expectBaseHeaders(res);
    }
  });

  it("gives build assets, the icon and the manifest's files the security headers without the page proxy (no nonce for a file)", async () => {
    const page = await fetch(`${testEnv.baseUrl}/login`);
    const html = await page.text();
    const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    // The web app manifest and its icons and screenshots (app/manifest.ts, public/; docs/decisions/080).
    for (const path of [
      script!,
      "/icon.svg",
      "/manifest.webmanifest",
      "/icons/icon-192.png",
      "/screenshots/diary-wide.png",
    ]) {
      const res = await api(path);
      expect(res.status, path).toBe(200);
      expectBaseHeaders(res);
      expect(res.headers.get("content-security-policy"), path).toBe(NO_PAGE_CSP);
    }
  });

  it("sends Strict-Transport-Security only when APP_URL is https", async () => {
    expect((await api("/api/health")).headers.get("strict-transport-security")).toBeNull();
    expect(securityHeaders("https://diary.example.com")["Strict-Transport-Security"]).toBe(HSTS);
    expect(securityHeaders("http://localhost:3000")["Strict-Transport-Security"]).toBeUndefined();
  });
});
