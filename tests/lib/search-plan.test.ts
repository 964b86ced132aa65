import { randomUUID } from "node:crypto";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../factories";
import { runMigrations } from "../../lib/db/migrate";
import { searchUsersQuery } from "../../lib/users/search";
import { testEnv } from "../support/env";

// The statement search runs must use the indexes, not read the whole users table. PostgreSQL
// rightly prefers reading a small table, so the plan is asked of a database of its own (the shared
// test database stays small and fast for the other files) holding 50 000 members, half of the
// 100 000 the app is meant to stay fast at.

const MEMBERS = 50_000;
const database = unique("inkwell_search_plan_");
let client: pg.Client;

function urlFor(name: string): string {
  const url = new URL(testEnv.adminDatabaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(text: string) {
  const c = new pg.Client({ connectionString: testEnv.adminDatabaseUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  await admin(`create database "${database}"`);
  await runMigrations(urlFor(database));
  client = new pg.Client({ connectionString: urlFor(database) });
  await client.connect();
  // Names of random letters: like real names, and unlike hex digests, their trigrams are many and
  // each is rare, which is what the planner weighs.
  await client.query(
    `insert into users (name, username, email)
     select initcap(w.first) || ' ' || initcap(w.last), w.first || '.' || w.last || i, 'plan' || i || '@plan.test'
     from generate_series(1, $1::int) i
     cross join lateral (select
       (select string_agg(chr(97 + floor(random() * 26)::int), '') from generate_series(1, 5 + i % 3) where i > 0) as first,
       (select string_agg(chr(97 + floor(random() * 26)::int), '') from generate_series(1, 7 + i % 4) where i > 0) as last) w`,
    [MEMBERS],
  );
  await client.query("insert into users (name, username, email) values ('Ada Lovelace', 'ada_lovelace', 'ada@plan.test')");
  await client.query("analyze users");
}, 120_000);

afterAll(async () => {
  await client?.end();
  await admin(`drop database if exists "${database}" with (force)`);
});

async function plan(q: string): Promise<string> {
  const { sql: text, params } = new PgDialect().sqlToQuery(searchUsersQuery({ q, callerId: randomUUID() }));
  const { rows } = await client.query<{ "QUERY PLAN": string }>(`explain ${text}`, params);
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

describe("the search statement's plan", () => {
  it.each([
    ["a piece of a name", "Lovel"],
    ["a whole username", "ada_lovelace"],
    ["text with a literal wildcard", "kwert%"],
  ])("finds %s through the trigram indexes", async (_what, q) => {
    const p = await plan(q);
    expect(p).not.toMatch(/Seq Scan on users/);
    expect(p).toMatch(/users_name_trgm_idx/);
    expect(p).toMatch(/users_username_trgm_idx/);
  });

  it.each(["p", "pl", "a."])("finds the short text %j through the prefix indexes", async (q) => {
    const p = await plan(q);
    expect(p).not.toMatch(/Seq Scan on users/);
    expect(p).toMatch(/users_username_prefix_idx/);
    expect(p).toMatch(/users_name_prefix_idx/);
  });

  it("finds the right people in that database too", async () => {
    const { sql: text, params } = new PgDialect().sqlToQuery(searchUsersQuery({ q: "ADA_LOVELACE", callerId: randomUUID() }));
    const { rows } = await client.query<{ username: string }>(text, params);
    expect(rows.map((r) => r.username)).toEqual(["ada_lovelace"]);
  });
});
