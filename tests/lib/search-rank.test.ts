import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type FactoryDb } from "../../scripts/seed/factories";
import { mergeRanked, parseSearch, rankOf, searchTerms } from "../../lib/journals/search-text";
import { testEnv } from "../support/env";

// The locked pages a browser searched take their place among the server's hits by rankOf, a port of
// PostgreSQL's ts_rank (lib/journals/search-text.ts). Asked of the real database here: the same
// texts and words give the same rank, and so the same order.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(async () => {
  await close();
});

const PAGES = [
  { title: "River walk", content: "We walked along the river, then the river again by the mill." },
  { title: "Garden", content: "Coffee in the garden; a river far off, much later, after a long walk home." },
  { title: "Harbour", content: "Boats. The river meets the sea here; walk, walk, walk." },
  { title: "Rivers of Ödön", content: "Réunion at the riverside café, a walk" },
  { title: "Nothing", content: "Only rain today." },
  { title: "Long", content: `${"word ".repeat(120)}river ${"word ".repeat(120)}walk` },
];

/** ts_rank of a page for a tsquery written as lib/journals/search.ts writes it. */
async function postgresRank(page: { title: string; content: string }, tsquery: string): Promise<number> {
  const { rows } = await db.execute<{ rank: number }>(
    sql`select ts_rank(to_tsvector('simple'::regconfig, inkwell_unaccent(${page.title}) || ' ' || inkwell_unaccent(${page.content})),
                       to_tsquery('simple', ${tsquery}))::float8 as rank`,
  );
  return Number(rows[0]!.rank);
}

describe("rankOf", () => {
  const cases: [q: string, tsquery: string][] = [
    ["river ", "'river'"],
    ["walk ", "'walk'"],
    ["river walk ", "'river' & 'walk'"],
    ["riv", "'riv':*"],
    ["odon reunion ", "'odon' & 'reunion'"],
    ['"the river" walk ', "'the' <-> 'river' & 'walk'"],
  ];
  it.each(cases)("gives PostgreSQL's ts_rank for %j, and so its order", async (q, tsquery) => {
    const terms = searchTerms(parseSearch(q));
    const ours = PAGES.map((p) => rankOf(p.title, p.content, terms));
    const theirs = await Promise.all(PAGES.map((p) => postgresRank(p, tsquery)));
    for (const [i, rank] of theirs.entries()) {
      // ts_rank answers a float4; 0 for a page that does not match, which the browser never ranks.
      if (rank > 0) expect(ours[i]!, `${q} / ${PAGES[i]!.title}`).toBeCloseTo(rank, 5);
    }
    const order = (ranks: number[]) =>
      ranks
        .map((r, i) => [r, i] as const)
        .filter(([r]) => r > 0)
        .sort((a, b) => b[0] - a[0] || a[1] - b[1])
        .map(([, i]) => i);
    expect(order(ours.map((r, i) => (theirs[i]! > 0 ? r : 0)))).toEqual(order(theirs));
  });
});

describe("mergeRanked", () => {
  const hit = (title: string, content: string, journaldate: string) => ({ title, content, journaldate });
  it("keeps the server's order and places each local hit before the first it outranks, then by day", () => {
    const server = [
      hit("a", "river river river", "2026-01-03"),
      hit("b", "river", "2026-01-05"),
      hit("c", "river", "2026-01-01"),
    ];
    const local = [hit("L1", "river", "2026-01-02"), hit("L2", "river river river river", "2026-01-04")];
    expect(mergeRanked(server, local, "river ").map((h) => h.title)).toEqual(["L2", "a", "b", "L1", "c"]);
    // A tag alone ranks nothing: newest day first.
    expect(mergeRanked(server, local, "").map((h) => h.title)).toEqual(["L2", "a", "b", "L1", "c"]);
    expect(mergeRanked(server, [], "river ")).toEqual(server);
  });
});
