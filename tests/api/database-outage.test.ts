import fs from "node:fs";
import { coded } from "../support/refusals";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppProcess, type AppProcess } from "../../server/app-process";
import { connect, createSession, createUser, type FactoryDb } from "../../scripts/seed/factories";
import { api, type ApiResult } from "../support/http";
import { createScratchDatabase } from "../support/scratch-database";
import { startFreezableProxy, type FreezableProxy } from "../support/freezable-proxy";
import { SERVER_FAULT } from "../../scripts/test/server-faults";
import { SESSION_COOKIE } from "../../lib/auth/cookie-name";

// docs/decisions/041: when the database goes away under load, an answer is never a 500. A read
// whose connection is killed under it is run once more on a fresh one; anything else answers 503
// with Retry-After; a statement that waits past DATABASE_STATEMENT_TIMEOUT_MS, or a database that
// stops answering at all, ends in a 503 too instead of a request that hangs.
//
// Two app instances of this file's own, each on a database of its own (so that their locks and
// killed connections touch no other test): one with the default time limits, one with short ones,
// reached through a relay that can freeze like a stopped host (tests/support/freezable-proxy.ts).
// Nothing waits on a clock: the test holds a lock and acts once PostgreSQL shows the app's
// statement waiting for it.

const SHORT_STATEMENT_TIMEOUT_MS = 1_000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-outage-"));

interface Instance {
  app: AppProcess;
  logFile: string;
  scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  factories: { db: FactoryDb; close: () => Promise<void> };
  /** The test's own connection that holds locks (pg_stat_activity is read once per transaction, so the watcher is another). */
  locker: pg.Client;
}
let steady: Instance;
let hasty: Instance;
let proxy: FreezableProxy;

async function startInstance(name: string, env: Record<string, string>, viaProxy = false): Promise<Instance> {
  const scratch = await createScratchDatabase(`outage_${name}_`);
  if (viaProxy) proxy = await startFreezableProxy(scratch.url);
  const logFile = path.join(dir, `${name}.log`);
  const app = await startAppProcess({
    log: logFile,
    env: {
      DATABASE_URL: viaProxy ? proxy.url : scratch.url,
      DATA_DIR: path.join(dir, `${name}-data`),
      MAINTENANCE_INTERVAL_MINUTES: "0",
      BACKGROUND_JOBS: "off",
      ...env,
    },
  });
  const locker = new pg.Client({ connectionString: scratch.url });
  await locker.connect();
  return { app, logFile, scratch, factories: connect(scratch.url), locker };
}

beforeAll(async () => {
  [steady, hasty] = await Promise.all([
    startInstance("steady", {}),
    startInstance(
      "hasty",
      { DATABASE_CONNECT_TIMEOUT_MS: "1000", DATABASE_STATEMENT_TIMEOUT_MS: String(SHORT_STATEMENT_TIMEOUT_MS) },
      true,
    ),
  ]);
}, 180_000);

afterAll(async () => {
  proxy?.thaw();
  const logs: string[] = [];
  for (const i of [steady, hasty]) {
    if (!i) continue;
    await i.app.stop();
    await i.factories.close();
    await i.locker.end();
    await i.scratch.drop();
    logs.push(fs.readFileSync(i.logFile, "utf8"));
  }
  await proxy?.close();
  fs.rmSync(dir, { recursive: true, force: true });
  expect(
    logs
      .join("\n")
      .split("\n")
      .filter((l) => SERVER_FAULT.test(l)),
  ).toEqual([]);
}, 60_000);

async function signedIn(i: Instance) {
  const { user } = await createUser(i.factories.db);
  return { user, token: await createSession(i.factories.db, user.id) };
}

/**
 * The pids of the app's connections that wait for a lock, once there are at least `count`, or
 * whatever there are once `gaveUp()` (every request answered: none will wait any more).
 */
async function appBackendsWaitingForLock(
  i: Instance,
  count: number,
  gaveUp: () => boolean = () => false,
): Promise<number[]> {
  for (;;) {
    const { rows } = await i.scratch.client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and application_name = 'inkwell' and wait_event_type = 'Lock'",
    );
    if (rows.length >= count || gaveUp()) return rows.map((r) => r.pid);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function terminate(i: Instance, pids: number[]) {
  await i.scratch.client.query("select pg_terminate_backend(pid) from unnest($1::int[]) as pid", [pids]);
}

/** Runs `fn` while the test holds an exclusive lock on `sessions`: every session check waits. */
async function whileSessionsLocked<T>(i: Instance, fn: () => Promise<T>): Promise<T> {
  await i.locker.query("begin");
  await i.locker.query("lock table sessions in access exclusive mode");
  try {
    return await fn();
  } finally {
    await i.locker.query("rollback");
  }
}

/** Settles with the request; `settled` tells whether it has. */
function tracked<T>(p: Promise<T>): { promise: Promise<T>; settled: () => boolean } {
  let done = false;
  const promise = p.finally(() => (done = true));
  return { promise, settled: () => done };
}

function expectUnavailable(res: ApiResult) {
  expect(res.status).toBe(503);
  expect(res.body).toEqual(coded({ message: "The service is temporarily unavailable. Please try again in a moment." }));
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
}

const logOf = (i: Instance) => fs.readFileSync(i.logFile, "utf8");

describe("the database connection killed under a request", () => {
  it("answers a read from a fresh connection", async () => {
    const { user, token } = await signedIn(steady);
    // Asked once the lock is held: asked before, a quick answer could have come first, with no
    // connection to kill (seen on a busy machine).
    const answer = await whileSessionsLocked(steady, async () => {
      const answer = tracked(api("/api/auth/me", { base: steady.app.url, token }));
      const [pid] = await appBackendsWaitingForLock(steady, 1, answer.settled);
      await terminate(steady, [pid!]);
      return answer;
    });
    const res = await answer.promise;
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, username: user.username });
    expect(logOf(steady)).toContain("[db] A read lost its connection; trying it once more: database error 57P01");
  });

  it("answers a write 503 with Retry-After, and does not run it again", async () => {
    const { token } = await signedIn(steady);
    const answer = await whileSessionsLocked(steady, async () => {
      const answer = tracked(api("/api/auth/logout", { base: steady.app.url, token, method: "POST" }));
      await terminate(steady, await appBackendsWaitingForLock(steady, 1, answer.settled));
      return answer;
    });
    expectUnavailable(await answer.promise);
    // The logout did not happen: the session still works.
    expect((await api("/api/auth/me", { base: steady.app.url, token })).status).toBe(200);
  });

  it(
    "under load, every connection of the app killed at once: reads answered, nothing a 500",
    { timeout: 90_000 },
    async () => {
      const people = await Promise.all(Array.from({ length: 4 }, () => signedIn(steady)));
      for (let round = 0; round < 3; round++) {
        let settled = 0;
        const requests = await whileSessionsLocked(steady, async () => {
          const requests = Array.from({ length: 24 }, (_, i) => {
            const { token } = people[i % people.length]!;
            const request =
              i % 6 === 5
                ? api("/api/auth/verify-email", { base: steady.app.url, token, method: "POST" })
                : api(i % 2 ? "/api/auth/me" : "/api/myprofile", { base: steady.app.url, token });
            return request.finally(() => settled++);
          });
          // The pool's ten connections (DATABASE_POOL_SIZE) all wait for the lock; the rest wait for the pool.
          await terminate(steady, await appBackendsWaitingForLock(steady, 10, () => settled === requests.length));
          return requests;
        });
        const results = await Promise.all(requests);
        expect(results.filter((r) => ![200, 400, 429, 503].includes(r.status)).map((r) => [r.status, r.body])).toEqual(
          [],
        );
        for (const r of results.filter((r) => r.status === 503)) expectUnavailable(r);
        // Reads were run again on fresh connections: most of them got through.
        expect(results.filter((r) => r.status === 200).length).toBeGreaterThan(0);
      }
      expect((await api("/api/health", { base: steady.app.url })).status).toBe(200);
    },
  );
});

describe("time limits", () => {
  it(`answers 503 with Retry-After when a statement waits past DATABASE_STATEMENT_TIMEOUT_MS (${SHORT_STATEMENT_TIMEOUT_MS} ms here)`, async () => {
    const { token } = await signedIn(hasty);
    // Answered while the lock is still held: PostgreSQL cancelled the statement.
    const res = await whileSessionsLocked(hasty, () => api("/api/auth/me", { base: hasty.app.url, token }));
    expectUnavailable(res);
    expect(logOf(hasty)).toContain("[db] Answered 503, the database is unavailable: database error 57014");
  });

  it("a server-rendered page that cannot check the session answers 503 with Retry-After, and says why", async () => {
    const { token } = await signedIn(hasty);
    const res = await whileSessionsLocked(hasty, () =>
      api("/me", { base: hasty.app.url, cookie: `${SESSION_COOKIE}=${token}` }),
    );
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(res.headers.get("cache-control")).toBe("no-store");
    // The page says so (components/app/database-unavailable.tsx), in the HTML itself.
    expect(String(res.body)).toContain("Inkwell cannot reach your diary right now. Nothing you wrote is lost");
    expect(logOf(hasty)).toContain("[db] A page could not be served, the database is unavailable");
    // And once the lock is gone, the page opens.
    expect((await api("/me", { base: hasty.app.url, cookie: `${SESSION_COOKIE}=${token}` })).status).toBe(200);
  });

  it("a static shell is served while the database cannot answer: the browser's own requests then say so", async () => {
    // docs/decisions/084: /dashboard, /my-diary and /close-circle read nothing on the server.
    const { token } = await signedIn(hasty);
    await hasty.locker.query("begin");
    await hasty.locker.query("lock table sessions, journals in access exclusive mode");
    try {
      for (const path of ["/dashboard", "/my-diary", "/close-circle"]) {
        const res = await api(path, { base: hasty.app.url, cookie: `${SESSION_COOKIE}=${token}` });
        expect(res.status, path).toBe(200);
      }
    } finally {
      await hasty.locker.query("rollback");
    }
  });

  it(
    "answers 503 with Retry-After when the database stops answering at all, and recovers when it is back",
    { timeout: 60_000 },
    async () => {
      const { token } = await signedIn(hasty);
      // Warm: the pool holds an open connection, which the freeze then leaves hanging.
      expect((await api("/api/auth/me", { base: hasty.app.url, token })).status).toBe(200);
      proxy.freeze();
      let frozen: ApiResult[];
      try {
        frozen = await Promise.all([
          api("/api/auth/me", { base: hasty.app.url, token }),
          api("/api/health", { base: hasty.app.url }),
        ]);
      } finally {
        proxy.thaw();
      }
      for (const res of frozen) expectUnavailable(res);
      expect(logOf(hasty)).toMatch(
        /\[db\] Answered 503, the database is unavailable: .*(Query read timeout|timeout exceeded when trying to connect|Connection terminated due to connection timeout)/,
      );
      expect((await api("/api/auth/me", { base: hasty.app.url, token })).status).toBe(200);
    },
  );
});
