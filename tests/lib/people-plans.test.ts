import { randomUUID } from "node:crypto";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchUsersQuery } from "../../lib/users/search";
import { suggestionPageQuery } from "../../lib/users/suggestions";
import { createScratchDatabase } from "../support/scratch-database";

// The statements search and suggestions run must use the indexes, not read whole tables.
// PostgreSQL rightly prefers reading a small table, so the plans are asked of a database of its own
// (the shared test database stays small and fast for the other files) holding 50 000 members, half
// of the 100 000 the app is meant to stay fast at, with entries, friendships and requests.

const MEMBERS = 50_000;
let drop: (() => Promise<void>) | undefined;
let client: pg.Client;

beforeAll(async () => {
  ({ client, drop } = await createScratchDatabase("inkwell_people_plans_"));
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
  await client.query(
    "insert into users (name, username, email) values ('Ada Lovelace', 'ada_lovelace', 'ada@plan.test')",
  );
  // Ada has 10 friends with 200 friends each, everybody else a few (200 000 friendship rows in all);
  // 60 000 entries, 5 000 pending requests between others.
  await client.query(`create temporary table numbered as select id, row_number() over (order by id) as n from users`);
  await client.query(
    `insert into friendships (user_id, friend_id)
     select a.id, b.id from numbered a join numbered b on b.n between 10 * a.n + 1 and 10 * a.n + 200 where a.n <= 10
     union select (select id from users where username = 'ada_lovelace'), id from numbered where n <= 10`,
  );
  await client.query(
    `insert into friendships (user_id, friend_id)
     select a.id, b.id from numbered a join numbered b on b.n = a.n + 1 where a.n > 3000
     union select a.id, b.id from numbered a join numbered b on b.n = a.n + 7 where a.n > 3000
     on conflict do nothing`,
  );
  await client.query(
    `insert into friendships (user_id, friend_id) select friend_id, user_id from friendships on conflict do nothing`,
  );
  await client.query(
    `insert into journals (author_id, title, content, journal_date, created_at, visibility, is_anonymous)
     select id, 'A day', 'Something happened.', current_date - d, now() - d * interval '1 day', 'close-circle', d = 2
     from numbered cross join generate_series(0, 2) d where n <= 20000`,
  );
  await client.query(
    `insert into friend_requests (from_id, to_id) select a.id, b.id from numbered a join numbered b on b.n = a.n + 30000 where a.n <= 5000`,
  );
  await client.query("analyze");
}, 120_000);

afterAll(async () => {
  await drop?.();
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

  it("ranks suggestions from index reads, never a whole table", async () => {
    const { rows: ada } = await client.query<{ id: string }>("select id from users where username = 'ada_lovelace'");
    // The statement that runs (a page of the ranking), as planned for these values and as the
    // generic plan a prepared statement may switch to (lib/db/prepared.ts runs it prepared).
    const page = new PgDialect().sqlToQuery(suggestionPageQuery({ callerId: ada[0]!.id, limit: 5, offset: 7 }));
    const literals = page.params.map((v) => (typeof v === "number" ? String(v) : `'${String(v)}'`));
    await client.query("begin");
    try {
      await client.query(`prepare suggestions_page as ${page.sql}`);
      for (const mode of ["force_custom_plan", "force_generic_plan"]) {
        await client.query(`set local plan_cache_mode = ${mode}`);
        const { rows } = await client.query<{ "QUERY PLAN": string }>(
          `explain execute suggestions_page(${literals.join(", ")})`,
        );
        const p = rows.map((r) => r["QUERY PLAN"]).join("\n");
        expect(p, mode).not.toMatch(/Seq Scan on (users|journals|friendships|friend_requests)\b/);
        expect(p, mode).toMatch(/journals_recent_signed_idx/);
        expect(p, mode).toMatch(/users_created_at_idx/);
      }
    } finally {
      await client.query("rollback");
      await client.query("deallocate all");
    }
    expect((await client.query(page.sql, page.params)).rows).toHaveLength(5);
    // A page as large as the whole ranking holds every candidate once.
    const all = new PgDialect().sqlToQuery(suggestionPageQuery({ callerId: ada[0]!.id, limit: 1000, offset: 0 }));
    const { rows: candidates } = await client.query<{ id: string }>(all.sql, all.params);
    expect(new Set(candidates.map((c) => c.id)).size).toBe(candidates.length);
    // 10 × 200 friends of friends, cut to the 200 best; the latest signed entries' writers; the newest members.
    expect(candidates.length).toBeGreaterThan(200);
  });

  it("finds the right people in that database too", async () => {
    const { sql: text, params } = new PgDialect().sqlToQuery(
      searchUsersQuery({ q: "ADA_LOVELACE", callerId: randomUUID() }),
    );
    const { rows } = await client.query<{ username: string }>(text, params);
    expect(rows.map((r) => r.username)).toEqual(["ada_lovelace"]);
  });
});
