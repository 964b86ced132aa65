import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../lib/db/schema";
import { searchDiaryQuery } from "../../lib/journals/search";
import { parseSearch } from "../../lib/journals/search-text";
import { createScratchDatabase } from "../support/scratch-database";

// The diary's search reads the writer's own entries, never a word's postings across all writers
// (docs/decisions/060, its amendment): a GIN index over (author_id, search) read every writer's
// postings of a typed prefix and took 42–55 ms at 100 000 users, against 2–4 ms for the writer's
// 5 000 entries. The plans are asked of a database of its own holding 1 000 writers of 150 entries
// each and one long-time writer of 3 000, every entry holding the same words, so a word index would
// look as selective to the planner as it can.

const WRITERS = 1_000;
let drop: (() => Promise<void>) | undefined;
let client: pg.Client;
let writerId: string;

beforeAll(async () => {
  ({ client, drop } = await createScratchDatabase("inkwell_diary_search_plans_"));
  await client.query(
    `insert into users (name, username, email) select 'Writer ' || i, 'writer' || i, 'writer' || i || '@plan.test' from generate_series(0, $1::int) i`,
    [WRITERS],
  );
  await client.query(
    `insert into journals (author_id, title, content, journal_date)
     select u.id, 'A walk', 'A long walk by the river, then coffee in the garden #garden', current_date - d
     from users u cross join generate_series(0, case when u.username = 'writer0' then 2999 else 149 end) d`,
  );
  await client.query("analyze");
  const { rows } = await client.query<{ id: string }>("select id from users where username = 'writer0'");
  writerId = rows[0]!.id;
}, 120_000);

afterAll(async () => {
  await drop?.();
});

async function plan({ q, tag }: { q?: string; tag?: string }): Promise<string> {
  const db = drizzle(client, { schema });
  const { sql: text, params } = searchDiaryQuery({
    db: db as never,
    authorId: writerId,
    parsed: parseSearch(q ?? ""),
    tag,
  }).toSQL();
  const { rows } = await client.query<{ "QUERY PLAN": string }>(`explain ${text}`, params);
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

describe("the diary search's plan", () => {
  it.each([
    ["a word", "walk "],
    ["a typed prefix", "gard"],
    ["two words", "coffee river "],
    ["a phrase", '"long walk"'],
  ])("finds %s among the writer's own entries, through their author index", async (_what, q) => {
    const p = await plan({ q });
    expect(p).not.toMatch(/Seq Scan on journals/);
    expect(p).toMatch(/Index Cond: \((journals\.)?author_id = /);
    // Any of the writer's own indexes, all led by author_id: which one is a near tie that ANALYZE's
    // random sample decides (journals_author_tags_idx won once under a busy suite), and each reads
    // the writer's entries alone.
    expect(p).toMatch(/journals_author_(day_key|created_idx|tags_idx)/);
  });

  it("filters a tag through the author's tag index or their own entries, never the whole table", async () => {
    for (const args of [{ tag: "garden" }, { q: "walk", tag: "garden" }]) {
      const p = await plan(args);
      expect(p).not.toMatch(/Seq Scan on journals/);
      expect(p).toMatch(/journals_author_(day_key|created_idx|tags_idx)/);
    }
  });

  it("has no word index for a planner to prefer: the words' GIN index is gone", async () => {
    const { rows } = await client.query(
      "select indexname from pg_indexes where tablename = 'journals' and indexdef like '%search%'",
    );
    expect(rows).toEqual([]);
  });
});
