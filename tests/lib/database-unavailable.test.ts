import { drizzle } from "drizzle-orm/node-postgres";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { freePort } from "../../server/app-process";
import { connectionLost, databaseUnavailable } from "../../lib/db/unavailable";
import { testEnv } from "../support/env";

// docs/decisions/041: which errors of the real driver mean "the database cannot serve" (503) and
// which of those mean "the connection was lost under the statement" (a read may run once more).

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error("expected a failure");
}

async function withClient<T>(fn: (c: pg.Client) => Promise<T>, config: pg.ClientConfig = {}): Promise<T> {
  const c = new pg.Client({ connectionString: testEnv.databaseUrl, ...config });
  c.on("error", () => undefined);
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => undefined);
  }
}

describe("databaseUnavailable and connectionLost", () => {
  it("a connection killed under its statement (pg_terminate_backend), through Drizzle too: lost", async () => {
    const pool = new pg.Pool({ connectionString: testEnv.databaseUrl, max: 1 });
    pool.on("error", () => undefined);
    const db = drizzle(pool);
    const pid = (await pool.query("select pg_backend_pid() as pid")).rows[0].pid as number;
    const running = failure(() => db.execute(sql`select pg_sleep(30)`));
    await withClient(async (admin) => {
      // Once the statement runs, end it from outside.
      for (;;) {
        const { rows } = await admin.query("select state from pg_stat_activity where pid = $1", [pid]);
        if (rows[0]?.state === "active") break;
      }
      await admin.query("select pg_terminate_backend($1)", [pid]);
    });
    const err = await running;
    expect(connectionLost(err)).toBe(true);
    expect(databaseUnavailable(err)).toBe(true);
    await pool.end();
  });

  it("a statement past statement_timeout: unavailable, not lost (a read is not run again)", async () => {
    const err = await withClient((c) => failure(() => c.query("select pg_sleep(5)")), { statement_timeout: 1 });
    expect((err as { code?: string }).code).toBe("57014");
    expect(databaseUnavailable(err)).toBe(true);
    expect(connectionLost(err)).toBe(false);
  });

  it("a database that refuses connections: unavailable, not lost", async () => {
    const closed = new URL(testEnv.databaseUrl);
    closed.port = String(await freePort());
    const refused = await failure(() => new pg.Client({ connectionString: closed.toString() }).connect());
    expect(databaseUnavailable(refused)).toBe(true);
    expect(connectionLost(refused)).toBe(false);
  });

  it("bad input and bugs are neither", async () => {
    const err = await withClient((c) => failure(() => c.query("select 1/0")));
    expect((err as { code?: string }).code).toBe("22012");
    for (const e of [err, new TypeError("x is undefined"), undefined, "text"]) {
      expect(databaseUnavailable(e)).toBe(false);
      expect(connectionLost(e)).toBe(false);
    }
  });
});
