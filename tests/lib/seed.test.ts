import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../lib/auth/password";
import { SEED_PASSWORD, seed, type SeedResult } from "../../scripts/seed/generate";
import { FACTORY_EMAIL_DOMAIN } from "../../scripts/seed/factories";
import { createScratchDatabase } from "../support/scratch-database";

// `npm run seed` (scripts/seed/generate.ts) on a database of its own: the rows it writes obey the
// same rules as the app's (the schema's checks run on every row) and the counts agree with the rows.

let client: pg.Client;
let drop: (() => Promise<void>) | undefined;
let result: SeedResult;
const USERS = 400;

beforeAll(async () => {
  ({ client, drop } = await createScratchDatabase("seed_"));
  result = await seed(client, { users: USERS, prefix: "sd" });
}, 120_000);

afterAll(async () => {
  await drop?.();
});

const one = async <T extends Record<string, unknown>>(sql: string) => (await client.query<T>(sql)).rows[0]!;

describe("npm run seed", () => {
  it("writes the users asked for, who sign in with the factories' password", async () => {
    expect(result.users).toBe(USERS);
    const u = await one<{ password_hash: string; email: string; username: string }>(
      "select password_hash, email, username from users where username = 'sd1'",
    );
    expect(u.email).toBe(`sd1@${FACTORY_EMAIL_DOMAIN}`);
    expect(await verifyPassword(u.password_hash, SEED_PASSWORD)).toBe(true);
  });

  it("gives about twenty entries a user, one a day at most, none in the future or before joining", async () => {
    expect(result.journals).toBeGreaterThan(USERS * 8);
    // The total swings with the few daily writers (1 % of 400 is about 4, each writing some 600
    // entries; 17 653 and 20 204 were seen): the median user, an occasional writer, is what "about
    // twenty a user" means. The total's ceiling only guards against a runaway.
    const { median } = await one<{ median: number }>(
      `select percentile_cont(0.5) within group (order by n)::float as median
       from (select count(j.id) as n from users u left join journals j on j.author_id = u.id where u.username like 'sd%' group by u.id) per_user`,
    );
    expect(median).toBeGreaterThanOrEqual(5);
    expect(median).toBeLessThanOrEqual(40);
    expect(result.journals).toBeLessThan(USERS * 100);
    const bad = await one<{ n: string }>(
      `select count(*) as n from journals j join users u on u.id = j.author_id
       where j.journal_date > current_date or j.journal_date < u.created_at::date or j.created_at > now()`,
    );
    expect(Number(bad.n)).toBe(0);
    const shares = await one<{ shared: number; anonymous: number }>(
      "select avg((visibility = 'close-circle')::int)::float as shared, avg(is_anonymous::int)::float as anonymous from journals",
    );
    expect(shares.shared).toBeGreaterThan(0.5);
    expect(shares.shared).toBeLessThan(0.7);
    expect(shares.anonymous).toBeGreaterThan(0.02);
    expect(shares.anonymous).toBeLessThan(0.1);
  });

  it("stores friendships both ways, about twenty each, with some writers having hundreds", async () => {
    const oneWay = await one<{ n: string }>(
      "select count(*) as n from friendships f where not exists (select 1 from friendships b where b.user_id = f.friend_id and b.friend_id = f.user_id)",
    );
    expect(Number(oneWay.n)).toBe(0);
    const avg = result.friendships / USERS;
    expect(avg).toBeGreaterThan(15);
    expect(avg).toBeLessThan(30);
    expect(result.pendingRequests).toBeGreaterThan(USERS / 5);
  });

  it("counts every heart in likes_count, only friends heart, and only shared entries", async () => {
    const mismatched = await one<{ n: string }>(
      "select count(*) as n from journals j where likes_count <> (select count(*) from likes l where l.journal_id = j.id) or reads_count < likes_count",
    );
    expect(Number(mismatched.n)).toBe(0);
    const strangers = await one<{ n: string }>(
      `select count(*) as n from likes l join journals j on j.id = l.journal_id
       where j.visibility <> 'close-circle' or not exists (select 1 from friendships f where f.user_id = j.author_id and f.friend_id = l.user_id)`,
    );
    expect(Number(strangers.n)).toBe(0);
    expect(result.likes).toBeGreaterThan(0);
  });

  it("with `rich`, writes formatted pages, a cover on some and more photos on fewer, within the page's rules", async () => {
    await seed(client, { users: 40, prefix: "sr", rich: true, longWriters: 0 });
    const rich = await one<{ pages: string; marked: string; covers: string; more: string; longest: string }>(
      `select count(*) as pages, count(*) filter (where content ~ '\\*\\*|_really_|- |> |\\]\\(') as marked,
              count(image_key) as covers, count(*) filter (where jsonb_array_length(more_photos) > 0) as more,
              max(char_length(content)) as longest
       from journals j join users u on u.id = j.author_id where u.username ~ '^sr[0-9]+$'`,
    );
    expect(Number(rich.marked)).toBe(Number(rich.pages));
    expect(Number(rich.covers)).toBeGreaterThan(Number(rich.pages) * 0.3);
    expect(Number(rich.more)).toBeGreaterThan(Number(rich.pages) * 0.1);
    expect(Number(rich.more)).toBeLessThan(Number(rich.covers));
    expect(Number(rich.longest)).toBeLessThanOrEqual(900);
  });

  it("refuses to seed the same names twice", async () => {
    await expect(seed(client, { users: 2, prefix: "sd" })).rejects.toThrow(/already has users named sd…/);
  });
});
