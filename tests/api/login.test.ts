import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD, connect, createUser, unique, type FactoryDb } from "../../scripts/seed/factories";
import { login, parseSetCookie, sessionSetCookie } from "../support/auth";
import { asNewClient } from "../support/clients";
import { testEnv } from "../support/env";
import { api } from "../support/http";
import { badRequestBody, coded } from "../support/refusals";

const THIRTY_DAYS = 30 * 24 * 60 * 60;

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

/** Alternates between the two app instances, so a limit has to live in the shared database. */
const instance = (i: number) => (i % 2 === 0 ? testEnv.baseUrl : testEnv.secondUrl);

const client = asNewClient;

async function expectInvalid(
  username: string,
  password: string,
  base?: string,
  headers?: Record<string, string>,
  cookie?: string,
) {
  const res = await login(username, password, { base, headers, cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(401);
  expect(res.body).toEqual(coded({ message: "Invalid credentials" }));
}

/** 50 failures from 50 different clients: the account is locked for every untrusted client. */
async function lockOut(username: string) {
  for (let i = 0; i < 50; i++) await expectInvalid(username, "wrong password", instance(i), client());
}

function deviceCookie(headers: Headers) {
  const line = headers.getSetCookie().find((l) => l.startsWith("inkwell_device="));
  expect(line).toBeDefined();
  return parseSetCookie(line!);
}

function expectRateLimited(res: { status: number; body: unknown; headers: Headers }) {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(res.body).toEqual(coded({ message: expect.any(String) }));
  const retryAfter = res.headers.get("retry-after");
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(15 * 60);
}

describe("POST /api/auth/login", () => {
  it("answers 200 with a token, the user and a session cookie", async () => {
    const { user } = await createUser(db);
    const res = await login(user.username, DEFAULT_PASSWORD);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["token", "user"]);
    expect(res.body.token.length).toBeGreaterThanOrEqual(43);
    expect(res.body.user).toMatchObject({ _id: user.id, id: user.id, username: user.username, email: user.email });
    expect(res.body.user).not.toHaveProperty("passwordHash");

    const line = sessionSetCookie(res.headers);
    expect(line).toBeDefined();
    const cookie = parseSetCookie(line!);
    expect(cookie.value).toBe(res.body.token);
    expect(cookie.attrs).toHaveProperty("httponly");
    expect(cookie.attrs.samesite?.toLowerCase()).toBe("lax");
    expect(cookie.attrs.path).toBe("/");
    expect(cookie.attrs).not.toHaveProperty("secure");
    expect(Number(cookie.attrs["max-age"])).toBe(THIRTY_DAYS);

    const me = await api("/api/auth/me", { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id });
  });

  it("gives every login its own token", async () => {
    const { user } = await createUser(db);
    const a = await login(user.username, DEFAULT_PASSWORD);
    const b = await login(user.username, DEFAULT_PASSWORD, { base: testEnv.secondUrl });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.token).not.toBe(b.body.token);
  });

  it("matches the username case-insensitively and ignores surrounding spaces", async () => {
    const { user } = await createUser(db);
    for (const username of [user.username.toUpperCase(), `  ${user.username} `]) {
      const res = await login(username, DEFAULT_PASSWORD);
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ id: user.id, username: user.username });
    }
  });

  it("takes the email address in the username field, whatever its case, for the same account", async () => {
    const { user } = await createUser(db);
    for (const name of [
      user.email,
      user.email.toUpperCase(),
      `  ${user.email.replace(/^./, (c) => c.toUpperCase())} `,
      user.username,
    ]) {
      const res = await login(name, DEFAULT_PASSWORD);
      expect(res.status, name).toBe(200);
      expect(res.body.user).toMatchObject({ id: user.id, username: user.username, email: user.email });
    }
    await expectInvalid(user.email, "wrong password");
    await expectInvalid(`x${user.email}`, DEFAULT_PASSWORD);
  });

  it("answers an unknown user and a wrong password with the same 401", async () => {
    const { user } = await createUser(db);
    await expectInvalid(`${user.username}_nobody`, DEFAULT_PASSWORD);
    await expectInvalid(user.username, `${DEFAULT_PASSWORD}!`);
    await expectInvalid(user.username, DEFAULT_PASSWORD.toUpperCase());
  });

  it("answers a user without a password (a Google account) with 401", async () => {
    const { user } = await createUser(db, { password: null });
    await expectInvalid(user.username, DEFAULT_PASSWORD);
  });

  it("sets no cookie on a failed login", async () => {
    const { user } = await createUser(db);
    const res = await login(user.username, "wrong password");
    expect(res.status).toBe(401);
    expect(sessionSetCookie(res.headers)).toBeUndefined();
  });

  it.each([
    ["without username", { password: "whatever1" }, /username/i],
    ["without password", { username: "someone" }, /password/i],
    ["with an empty username", { username: "", password: "whatever1" }, /username/i],
    ["with an empty password", { username: "someone", password: "" }, /password/i],
    ["with a numeric username", { username: 12345, password: "whatever1" }, /username/i],
    ["with a null password", { username: "someone", password: null }, /password/i],
    ["with an array password", { username: "someone", password: ["a"] }, /password/i],
    ["with an object username", { username: { $ne: "" }, password: "whatever1" }, /username/i],
  ])("answers 400 %s, naming the field", async (_label, body, field) => {
    const res = await api("/api/auth/login", { body });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toEqual(badRequestBody(expect.stringMatching(field)));
  });

  it("answers 413 to a body over 6 MB", async () => {
    const { user } = await createUser(db);
    const res = await api("/api/auth/login", {
      body: { username: user.username, password: DEFAULT_PASSWORD, padding: "x".repeat(6 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual(coded({ message: expect.any(String) }));
    expect(sessionSetCookie(res.headers)).toBeUndefined();
  });

  it.each([
    ["malformed JSON", '{"username":"a",'],
    ["an empty body", ""],
    ["a JSON array", '["a","b"]'],
    ["a JSON string", '"username"'],
  ])("answers 400 {message, errors} to %s", async (_label, rawBody) => {
    const res = await api("/api/auth/login", { rawBody });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(badRequestBody());
  });
});

/** lib/auth/accounts.ts's LOGIN_MAX_SUCCESSES (a server-only module: the figure is repeated here). */
const LOGIN_MAX_SUCCESSES = 30;

describe("POST /api/auth/login: rate limit", () => {
  it("refuses the 11th attempt after 10 failures, even with the right password, on both instances", async () => {
    const { user } = await createUser(db);
    const as = client();
    for (let i = 0; i < 10; i++) {
      // Case differences are the same username, so they share the count.
      await expectInvalid(i % 3 === 0 ? user.username.toUpperCase() : user.username, "wrong password", instance(i), as);
    }
    expectRateLimited(await login(user.username, DEFAULT_PASSWORD, { base: testEnv.baseUrl, headers: as }));
    expectRateLimited(await login(user.username, DEFAULT_PASSWORD, { base: testEnv.secondUrl, headers: as }));
    expectRateLimited(await login(user.username, "wrong password", { headers: as }));
  });

  it("counts the username and the email of one account together, whatever the case", async () => {
    const { user } = await createUser(db);
    const as = client();
    const names = [user.username, user.email, user.email.toUpperCase()];
    for (let i = 0; i < 10; i++) await expectInvalid(names[i % 3]!, "wrong password", instance(i), as);
    for (const name of names) expectRateLimited(await login(name, DEFAULT_PASSWORD, { headers: as }));
    // Another client still gets in, by either.
    expect((await login(user.email, DEFAULT_PASSWORD, { headers: client() })).status).toBe(200);
  });

  it("caps failures per account at 50 from all untrusted clients, by username and email together", async () => {
    const { user } = await createUser(db);
    for (let i = 0; i < 50; i++)
      await expectInvalid(i % 2 ? user.email.toUpperCase() : user.username, "wrong password", instance(i), client());
    expectRateLimited(await login(user.email, DEFAULT_PASSWORD, { headers: client() }));
    expectRateLimited(await login(user.username, DEFAULT_PASSWORD, { headers: client() }));
  });

  it("counts failures for unknown email addresses too", async () => {
    const ghost = `${unique("ghost_")}@gmail.com`;
    const as = client();
    for (let i = 0; i < 10; i++)
      await expectInvalid(i % 2 ? ghost.toUpperCase() : ghost, "wrong password", instance(i), as);
    expectRateLimited(await login(ghost, "wrong password", { headers: as }));
  });

  it("counts per username: another account from the same client is unaffected", async () => {
    const { user: locked } = await createUser(db);
    const { user: other } = await createUser(db);
    const as = client();
    for (let i = 0; i < 10; i++) await expectInvalid(locked.username, "wrong password", instance(i), as);
    expectRateLimited(await login(locked.username, DEFAULT_PASSWORD, { headers: as }));

    await expectInvalid(other.username, "wrong password", undefined, as);
    const res = await login(other.username, DEFAULT_PASSWORD, { base: testEnv.secondUrl, headers: as });
    expect(res.status).toBe(200);
  });

  it("counts per client: the same username from another client is unaffected", async () => {
    const { user } = await createUser(db);
    const as = client();
    for (let i = 0; i < 10; i++) await expectInvalid(user.username, "wrong password", instance(i), as);
    expectRateLimited(await login(user.username, DEFAULT_PASSWORD, { headers: as }));
    expect((await login(user.username, DEFAULT_PASSWORD, { headers: client() })).status).toBe(200);
  });

  it("counts failures for unknown usernames too", async () => {
    const { user } = await createUser(db);
    const ghost = `${user.username}_ghost`;
    const as = client();
    for (let i = 0; i < 10; i++) await expectInvalid(ghost, "wrong password", instance(i), as);
    expectRateLimited(await login(ghost, "wrong password", { headers: as }));
  });

  it("starts the count again after a successful login", async () => {
    const { user } = await createUser(db);
    const as = client();
    for (let i = 0; i < 9; i++) await expectInvalid(user.username, "wrong password", instance(i), as);
    const ok = await login(user.username, DEFAULT_PASSWORD, { base: testEnv.secondUrl, headers: as });
    expect(ok.status).toBe(200);
    for (let i = 0; i < 10; i++) await expectInvalid(user.username, "wrong password", instance(i), as);
    expectRateLimited(await login(user.username, DEFAULT_PASSWORD, { headers: as }));
  });

  it("holds under a burst: 30 simultaneous wrong passwords get at most 10 tries", async () => {
    const { user } = await createUser(db);
    const as = client();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(user.username, "wrong password", { base: instance(i), headers: as })),
    );
    const tried = results.filter((r) => r.status === 401).length;
    const limited = results.filter((r) => r.status === 429).length;
    expect(tried + limited).toBe(30);
    expect(tried).toBeLessThanOrEqual(10);
    expectRateLimited(await login(user.username, DEFAULT_PASSWORD, { headers: as }));
  });

  it("caps failures per username at 50 from all untrusted clients together", async () => {
    const { user } = await createUser(db);
    await lockOut(user.username);
    expectRateLimited(await login(user.username, DEFAULT_PASSWORD, { headers: client() }));
  });

  it(`caps successful logins per account at ${LOGIN_MAX_SUCCESSES} in the window, from any client: no unlimited password hashing`, async () => {
    const { user } = await createUser(db);
    // Wrong passwords in between do not use the allowance up (they are bounded by their own limits).
    await expectInvalid(user.username, "wrong password", undefined, client());
    for (let i = 0; i < LOGIN_MAX_SUCCESSES; i++) {
      expect(
        (await login(i % 2 ? user.email : user.username, DEFAULT_PASSWORD, { base: instance(i), headers: client() }))
          .status,
      ).toBe(200);
    }
    expectRateLimited(await login(user.username, DEFAULT_PASSWORD, { headers: client() }));
    expectRateLimited(await login(user.email, DEFAULT_PASSWORD, { base: testEnv.secondUrl, headers: client() }));
    // Another account is unaffected.
    const { user: other } = await createUser(db);
    expect((await login(other.username, DEFAULT_PASSWORD, { headers: client() })).status).toBe(200);
  });

  it("caps failures per address at 100 over all usernames, unknown ones included", async () => {
    const as = client();
    for (let i = 0; i < 100; i++)
      await expectInvalid(`nobody_${i}_${Date.now().toString(36)}`, "wrong password", instance(i), as);
    expectRateLimited(await login(`nobody_else_${Date.now().toString(36)}`, "wrong password", { headers: as }));
    const { user } = await createUser(db);
    expectRateLimited(await login(user.username, DEFAULT_PASSWORD, { headers: as }));
    expect((await login(user.username, DEFAULT_PASSWORD, { headers: client() })).status).toBe(200);
  });
});

describe("POST /api/auth/login: the caller's address", () => {
  it("ignores X-Forwarded-For where no proxy is trusted (the default)", async () => {
    const { user } = await createUser(db);
    for (let i = 0; i < 10; i++) {
      const res = await login(user.username, "wrong password", {
        base: testEnv.s3Url,
        headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
      });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    // Ten claimed addresses were one client: its 11th attempt is refused whatever it claims.
    expectRateLimited(
      await login(user.username, DEFAULT_PASSWORD, {
        base: testEnv.s3Url,
        headers: { "x-forwarded-for": "203.0.113.77" },
      }),
    );
  });

  it("reads X-Forwarded-For behind a trusted proxy (TRUST_PROXY)", async () => {
    const { user } = await createUser(db);
    const as = client();
    for (let i = 0; i < 10; i++) await expectInvalid(user.username, "wrong password", instance(i), as);
    expectRateLimited(await login(user.username, DEFAULT_PASSWORD, { headers: as }));
    // The proxy appends the address it saw; what the client wrote before it is not believed.
    const forged = { "x-forwarded-for": `${as["x-forwarded-for"]}, ${client()["x-forwarded-for"]}` };
    expect((await login(user.username, DEFAULT_PASSWORD, { headers: forged })).status).toBe(200);
  });
});

describe("POST /api/auth/login: trusted devices", () => {
  it("marks a browser that signed in with a device cookie for the login route only", async () => {
    const { user } = await createUser(db);
    const res = await login(user.username, DEFAULT_PASSWORD, { headers: client() });
    expect(res.status).toBe(200);
    const cookie = deviceCookie(res.headers);
    expect(cookie.value.length).toBeGreaterThanOrEqual(43);
    expect(cookie.attrs).toHaveProperty("httponly");
    expect(cookie.attrs.path).toBe("/api/auth/login");
    expect(cookie.attrs.samesite?.toLowerCase()).toBe("lax");
    expect(Number(cookie.attrs["max-age"])).toBe(365 * 24 * 60 * 60);
    // Signing in again from the same device keeps its cookie.
    const again = await login(user.username, DEFAULT_PASSWORD, {
      headers: client(),
      cookie: `inkwell_device=${cookie.value}`,
    });
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie().some((l) => l.startsWith("inkwell_device="))).toBe(false);
  });

  it("lets the owner's device in with the right password while the account is locked for everyone else", async () => {
    const { user } = await createUser(db);
    const device = deviceCookie((await login(user.username, DEFAULT_PASSWORD, { headers: client() })).headers).value;
    await lockOut(user.username);
    expectRateLimited(await login(user.username, DEFAULT_PASSWORD, { headers: client() }));

    const owner = await login(user.username, DEFAULT_PASSWORD, {
      headers: client(),
      cookie: `inkwell_device=${device}`,
    });
    expect(owner.status).toBe(200);
    expect((await api("/api/auth/me", { token: owner.body.token })).status).toBe(200);
  });

  it("knows the device whichever of username and email the owner types", async () => {
    const { user } = await createUser(db);
    const device = deviceCookie((await login(user.username, DEFAULT_PASSWORD, { headers: client() })).headers).value;
    await lockOut(user.email);
    expectRateLimited(await login(user.username, DEFAULT_PASSWORD, { headers: client() }));
    const owner = await login(user.email.toUpperCase(), DEFAULT_PASSWORD, {
      headers: client(),
      cookie: `inkwell_device=${device}`,
    });
    expect(owner.status).toBe(200);
  });

  it("gives a device its own count: 10 failures lock that device only", async () => {
    const { user } = await createUser(db);
    const device = deviceCookie((await login(user.username, DEFAULT_PASSWORD, { headers: client() })).headers).value;
    const fromDevice = { headers: client(), cookie: `inkwell_device=${device}` };
    for (let i = 0; i < 10; i++)
      await expectInvalid(user.username, "wrong password", instance(i), fromDevice.headers, fromDevice.cookie);
    expectRateLimited(await login(user.username, DEFAULT_PASSWORD, fromDevice));
    expect((await login(user.username, DEFAULT_PASSWORD, { headers: client() })).status).toBe(200);
  });

  it("does not trust another account's device, or a made-up cookie", async () => {
    const { user: locked } = await createUser(db);
    const { user: other } = await createUser(db);
    const othersDevice = deviceCookie(
      (await login(other.username, DEFAULT_PASSWORD, { headers: client() })).headers,
    ).value;
    await lockOut(locked.username);
    for (const cookie of [`inkwell_device=${othersDevice}`, "inkwell_device=made-up", "inkwell_device=%zz"]) {
      expectRateLimited(await login(locked.username, DEFAULT_PASSWORD, { headers: client(), cookie }));
    }
  });
});
