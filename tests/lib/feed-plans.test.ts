import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedPageQuery } from "../../lib/feed/query";
import { createScratchDatabase } from "../support/scratch-database";

// A feed page must read the friends' index ranges, never the journals table whole. As in
// people-plans.test.ts, the plans are asked of a database of its own, big enough for the planner
// to prefer the indexes as it would in production: 20 000 members with 5 entries each (100 000
// entries of about 550 characters, one in five private, 50 000 hearts, 10 000 reads today), the viewer with 300 friends.

const MEMBERS = 20_000;
let drop: (() => Promise<void>) | undefined;
let client: pg.Client;
let viewerId: string;

beforeAll(async () => {
  ({ client, drop } = await createScratchDatabase("inkwell_feed_plans_"));
  await client.query(
    `insert into users (name, username, email) select 'Member ' || i, 'member' || i, 'm' || i || '@plan.test' from generate_series(1, $1::int) i`,
    [MEMBERS],
  );
  await client.query(
    `create temporary table numbered as select id, row_number() over (order by username) as n from users`,
  );
  // Autovacuum never analyzes a temporary table: without statistics the joins on n below are planned as nested loops.
  await client.query(`analyze numbered`);
  await client.query(
    `insert into friendships (user_id, friend_id)
     select a.id, b.id from numbered a join numbered b on (b.n = a.n + 1 or b.n = a.n + 13) and a.n > 1
     union all select v.id, f.id from numbered v join numbered f on f.n between 100 and 399 where v.n = 1`,
  );
  await client.query(
    `insert into friendships (user_id, friend_id) select friend_id, user_id from friendships on conflict do nothing`,
  );
  await client.query(
    `insert into journals (author_id, title, content, journal_date, created_at, visibility, is_anonymous)
     select id, 'A day', repeat('Something happened, and then something else. ', 12), current_date - d, now() - d * interval '1 day' - n * interval '1 second',
            case when d = 4 then 'private' else 'close-circle' end::visibility, d = 2
     from numbered cross join generate_series(0, 4) d`,
  );
  await client.query(
    `insert into likes (journal_id, user_id)
     select j.id, n.id from numbered n join numbered a on a.n = n.n + 1 join journals j on j.author_id = a.id where n.n <= 10000`,
  );
  // Today's reads, not folded yet (lib/journals/reads.ts): 10 000 rows the statement counts by entry.
  await client.query(
    `insert into journal_reads (journal_id, viewer_id, day)
     select j.id, n.id, (now() at time zone 'UTC')::date from numbered n join numbered a on a.n = n.n + 13 join journals j on j.author_id = a.id where n.n <= 2000`,
  );
  await client.query("analyze");
  viewerId = (await client.query<{ id: string }>("select id from numbered where n = 1")).rows[0]!.id;
}, 120_000);

afterAll(async () => {
  await drop?.();
});

async function plan(query: Parameters<typeof feedPageQuery>[0]) {
  const { sql: text, params } = new PgDialect().sqlToQuery(feedPageQuery(query));
  const { rows } = await client.query<{ "QUERY PLAN": string }>(`explain ${text}`, params);
  return { plan: rows.map((r) => r["QUERY PLAN"]).join("\n"), text, params };
}

describe("the feed statement's plan", () => {
  it.each([
    ["the first page", { offset: 0 }],
    ["a later page by number", { offset: 40 }],
    [
      "a page after a cursor",
      {
        offset: 0,
        after: {
          feedAtMicros: String((Date.now() - 2 * 86_400_000) * 1000),
          id: "7fffffff-ffff-4fff-bfff-ffffffffffff",
        },
      },
    ],
  ])("reads %s through journals_feed_idx, no table whole", async (_what, position) => {
    const { plan: p } = await plan({ viewerId, limit: 10, ...position });
    expect(p).not.toMatch(/Seq Scan on (journals|friendships|likes|users|journal_reads)\b/);
    expect(p).toMatch(/Index Only Scan using journals_feed_idx on journals j(_\d+)?\b/);
  });

  it("keeps the index plan as a prepared statement's generic plan (lib/db/prepared.ts runs it prepared)", async () => {
    for (const after of [
      undefined,
      { feedAtMicros: String(Date.now() * 1000), id: "7fffffff-ffff-4fff-bfff-ffffffffffff" },
    ]) {
      const { sql: text, params } = new PgDialect().sqlToQuery(
        feedPageQuery({ viewerId, limit: 10, offset: 0, after }),
      );
      await client.query("begin");
      try {
        await client.query("set local plan_cache_mode = force_generic_plan");
        await client.query(`prepare feed_generic as ${text}`);
        const literals = params.map((p) => (typeof p === "number" ? String(p) : `'${String(p)}'`));
        const { rows } = await client.query<{ "QUERY PLAN": string }>(
          `explain execute feed_generic(${literals.join(", ")})`,
        );
        const p = rows.map((r) => r["QUERY PLAN"]).join("\n");
        // The generic plan guesses fewer entries per friend and may take the index as a bitmap: still the friends' ranges only.
        expect(p).not.toMatch(/Seq Scan on (journals|friendships|likes|users|journal_reads)\b/);
        expect(p).toMatch(/(Index Only Scan using|Bitmap Index Scan on) journals_feed_idx\b/);
      } finally {
        await client.query("rollback");
        await client.query("deallocate all");
      }
    }
  });

  it("gives the page it planned: the 300 friends' 1 200 shared entries, newest first, reads counted", async () => {
    const { text, params } = await plan({ viewerId, limit: 10, offset: 0 });
    const { rows } = await client.query<{ total: number; reads: number; id: string }>(text, params);
    expect(rows).toHaveLength(10);
    expect(rows[0]!.total).toBe(1200);
    // Each friend's entries were read today by one member (the seed above), and now by the viewer.
    expect(rows.map((r) => r.reads)).toEqual(rows.map(() => 2));
  });
});
