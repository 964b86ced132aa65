import fs from "node:fs";
import { coded } from "../support/refusals";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_MAX_FAILURES } from "../../lib/auth/accounts";
import { HASH_CONCURRENCY } from "../../lib/auth/password";
import { RESET_MAX_PER_ADDRESS } from "../../lib/auth/password-reset";
import { hashToken, newToken } from "../../lib/auth/tokens";
import { passwordResets } from "../../lib/db/schema";
import { startAppProcess, type AppProcess } from "../../server/app-process";
import { DEFAULT_PASSWORD, connect, createUser, unique, type FactoryDb } from "../../scripts/seed/factories";
import { asNewClient } from "../support/clients";
import { testEnv } from "../support/env";
import { api } from "../support/http";
import { SERVER_FAULT } from "../../scripts/test/server-faults";

// docs/decisions/041: no route computes an argon2 hash (tens of ms of CPU and 19 MiB each) before
// its cheap checks and limits. An app instance of this file's own, on the test database, counts
// every hash it computes (tests/support/argon2-probe.mjs wraps @node-rs/argon2 in that process),
// so a flood from outside can be shown to cost no hash at all, which no clock could prove.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-hashing-"));
const probe = path.join(dir, "argon2-calls");
let app: AppProcess;
let db: FactoryDb;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = connect(testEnv.databaseUrl));
  const preload = `--import=${pathToFileURL(path.resolve("tests/support/argon2-probe.mjs")).href}`;
  app = await startAppProcess({
    log: path.join(dir, "app.log"),
    env: {
      DATABASE_URL: testEnv.databaseUrl,
      DATA_DIR: path.join(dir, "app-data"),
      // The harness speaks for many clients, as on the main instances (tests/support/clients.ts).
      TRUST_PROXY: "loopback",
      MAINTENANCE_INTERVAL_MINUTES: "0",
      BACKGROUND_JOBS: "off",
      NODE_OPTIONS: [process.env.NODE_OPTIONS, preload].filter(Boolean).join(" "),
      INKWELL_ARGON2_PROBE: probe,
    },
  });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await close?.();
  const faults = fs.existsSync(path.join(dir, "app.log"))
    ? fs
        .readFileSync(path.join(dir, "app.log"), "utf8")
        .split("\n")
        .filter((l) => SERVER_FAULT.test(l))
    : [];
  fs.rmSync(dir, { recursive: true, force: true });
  expect(faults).toEqual([]);
}, 60_000);

/** How many argon2 hashes and verifications the instance has computed so far. */
const hashes = () => (fs.existsSync(probe) ? fs.readFileSync(probe, "utf8").split("\n").filter(Boolean).length : 0);

const reset = (token: string, client: Record<string, string>, password = "a brand new password") =>
  api(`/api/auth/reset-password/${token}`, { base: app.url, body: { password }, headers: client });

/** An open reset link for a new user, written as forgot-password writes it. */
async function openResetToken() {
  const { user } = await createUser(db);
  const token = newToken();
  await db
    .insert(passwordResets)
    .values({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + 30 * 60 * 1000) });
  return { user, token };
}

/** Runs `task` `count` times, `concurrency` at a time, and returns the statuses. */
async function flood(count: number, concurrency: number, task: (i: number) => Promise<{ status: number }>) {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) statuses.push((await task(next++)).status);
    }),
  );
  return statuses;
}

function expectRateLimited(res: { status: number; body: unknown; headers: Headers }) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual(coded({ message: "Too many attempts. Please try again later." }));
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
}

describe("POST /api/auth/reset-password/{token} under a flood", () => {
  it(
    "hashes the new password of a valid link, and nothing for a flood of made-up links",
    { timeout: 120_000 },
    async () => {
      // The probe sees the server's hashes: a valid link costs exactly one.
      const valid = await openResetToken();
      const before = hashes();
      expect((await reset(valid.token, asNewClient())).status).toBe(200);
      expect(hashes()).toBe(before + 1);

      // 160 random links on 32 connections, each from an address of its own so that no limit hides
      // the cost: every one a 400, and not one hash.
      const statuses = await flood(160, 32, () => reset(newToken(), asNewClient()));
      expect(statuses.filter((s) => s !== 400)).toEqual([]);
      expect(hashes()).toBe(before + 1);
    },
  );

  it(`allows ${RESET_MAX_PER_ADDRESS} attempts an hour per address, then 429 with Retry-After even for a valid link`, async () => {
    const client = asNewClient();
    for (let i = 0; i < RESET_MAX_PER_ADDRESS; i++) expect((await reset(newToken(), client)).status).toBe(400);
    expectRateLimited(await reset(newToken(), client));
    const valid = await openResetToken();
    const before = hashes();
    expectRateLimited(await reset(valid.token, client));
    expect(hashes()).toBe(before);
    // The refused attempt did not burn the link: from another address it still works.
    expect((await reset(valid.token, asNewClient())).status).toBe(200);
  });
});

describe("the other routes that hash a password hash only after their limits", () => {
  it("login: past the failure limit, a wrong or right password costs no verification", async () => {
    const { user } = await createUser(db);
    const client = asNewClient();
    const login = (password: string) =>
      api("/api/auth/login", { base: app.url, body: { username: user.username, password }, headers: client });
    // A process's first verification also makes the stand-in hash that unknown usernames are
    // verified against (lib/auth/password.ts): done here, from elsewhere, so that it is not counted below.
    expect(
      (
        await api("/api/auth/login", {
          base: app.url,
          body: { username: "nobody_at_all", password: "whatever" },
          headers: asNewClient(),
        })
      ).status,
    ).toBe(401);
    const before = hashes();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await login("not the password")).status).toBe(401);
    expect(hashes()).toBe(before + LOGIN_MAX_FAILURES);
    expectRateLimited(await login("not the password"));
    expectRateLimited(await login(DEFAULT_PASSWORD));
    expect(hashes()).toBe(before + LOGIN_MAX_FAILURES);
  });

  it("register: a taken name or a caller past the sign-up limit costs no hash", async () => {
    const { user } = await createUser(db);
    const client = asNewClient();
    const register = (username: string) =>
      api("/api/auth/register", {
        base: app.url,
        body: { name: "Hasher", username, email: `${username}@gmail.com`, password: DEFAULT_PASSWORD },
        headers: client,
      });
    const before = hashes();
    // SIGNUP_LIMIT_PER_HOUR is 20 by default (lib/config.ts); every well-formed attempt counts.
    for (let i = 0; i < 20; i++) expect((await register(user.username)).status).toBe(409);
    expectRateLimited(await register(unique("fresh_")));
    expect(hashes()).toBe(before);
    const fresh = unique("fresh_");
    expect(
      (
        await api("/api/auth/register", {
          base: app.url,
          body: { name: "Hasher", username: fresh, email: `${fresh}@gmail.com`, password: DEFAULT_PASSWORD },
          headers: asNewClient(),
        })
      ).status,
    ).toBe(201);
    expect(hashes()).toBe(before + 1);
  });
});

describe("hashes at once", () => {
  it(
    `a burst of logins and sign-ups computes at most ${HASH_CONCURRENCY} hashes at a time, and every one is answered`,
    { timeout: 120_000 },
    async () => {
      const people = await Promise.all(Array.from({ length: 12 }, () => createUser(db)));
      const before = hashes();
      const logins = people.map(({ user }) =>
        api<{ token?: string }>("/api/auth/login", {
          base: app.url,
          body: { username: user.username, password: DEFAULT_PASSWORD },
          headers: asNewClient(),
        }),
      );
      const signups = Array.from({ length: 4 }, () => {
        const username = unique("burst_");
        return api("/api/auth/register", {
          base: app.url,
          body: { name: "Burst", username, email: `${username}@gmail.com`, password: DEFAULT_PASSWORD },
          headers: asNewClient(),
        });
      });
      const answers = await Promise.all([...logins, ...signups]);
      expect(answers.map((a) => a.status)).toEqual([...people.map(() => 200), ...signups.map(() => 201)]);
      expect(hashes()).toBe(before + people.length + signups.length);
      // Sixteen requests arrived together: without the limit all sixteen went to argon2 at once (measured).
      expect(Number(fs.readFileSync(`${probe}.peak`, "utf8"))).toBe(HASH_CONCURRENCY);
    },
  );
});
