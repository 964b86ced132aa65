import pg from "pg";
import { hashToken, newToken } from "../../lib/auth/tokens";
import { hashPassword } from "../../lib/auth/password";
import { SEED_PASSWORD, SEED_PREFIX, seed, seedLongWriters } from "../seed/generate";

// Who the load comes from: the seed (scripts/seed/generate.ts) in the bench database, and among
// its users many distinct signed-in viewers (not one hot user), each with a session row of their
// own, chosen at random among those whose friends wrote enough for 50 feed pages.

export const BENCH_USER_AGENT = "inkwell-bench";
const MINE = `^${SEED_PREFIX}[0-9]+$`;
const LONG = `^${SEED_PREFIX}long[0-9]+$`;
const LONG_WRITERS = 3;
/** Entries in a feed for its page 50 (10 a page) to hold any. */
const FULL_FEED = 500;

export interface Viewer {
  id: string;
  username: string;
  token: string;
  /** Their friends' shared entries: the size of their feed. */
  feed: number;
  /** Their latest entry's day (YYYY-MM-DD), when they wrote at all. */
  lastDay: string | null;
}

export interface Population {
  seededUsers: number;
  seedSeconds: number | null;
  viewers: Viewer[];
  /** Seeded users anyone may look at (public profiles) or sign in as (login). */
  others: { id: string; username: string }[];
  /** (viewer, a friend's shared entry the viewer has not hearted) pairs, for heart/unheart. */
  heartPairs: { token: string; journalId: string }[];
  /** The day before the viewers' earliest entry: uploads go backwards from it, so none collides. */
  uploadBefore: string;
  /** The long-time writers (about 5 000 entries each), signed in: the diary search and List view. */
  longWriters: { id: string; token: string; lastDay: string }[];
}

/** Seeds the database unless it already holds the seed users; then picks and signs in the viewers. */
export async function preparePopulation({
  databaseUrl,
  users,
  rich = false,
  viewers: wanted,
  say,
}: {
  databaseUrl: string;
  users: number;
  /** Formatted pages with photos (scripts/seed/generate.ts's `rich`). */
  rich?: boolean;
  viewers: number;
  say: (m: string) => void;
}): Promise<Population> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    let seedSeconds: number | null = null;
    const existing = Number(
      (await client.query("select count(*) from users where username ~ $1", [MINE])).rows[0].count,
    );
    if (!existing) {
      say(`Seeding ${users.toLocaleString("en-US")} users…`);
      const r = await seed(client, { users, rich, log: (m) => say(`  seed: ${m}`) });
      seedSeconds = r.seconds;
      say(`Seeded in ${r.seconds} s: ${r.journals} entries, ${r.friendships} friendship rows, ${r.likes} hearts.`);
      await client.query("analyze");
    } else say(`The database already holds ${existing.toLocaleString("en-US")} seeded users: not seeding.`);
    const seededUsers = existing || users;
    // A database seeded before the long-time writers existed gets them now.
    if (!Number((await client.query("select count(*) from users where username ~ $1", [LONG])).rows[0].count)) {
      say("Adding the long-time writers…");
      const step = async (what: string, sql: string, params: unknown[] = []) => {
        const r = await client.query(sql, params);
        say(`  seed: ${what}: ${r.rowCount ?? 0} rows`);
        return r.rowCount ?? 0;
      };
      await seedLongWriters(client, {
        prefix: SEED_PREFIX,
        count: LONG_WRITERS,
        passwordHash: await hashPassword(SEED_PASSWORD),
        step,
      });
      await client.query("vacuum (analyze) users, journals");
    }

    // A random sample of the users who wrote something themselves, those whose feed reaches page 50
    // first: typical readers, not the few with hundreds of friends.
    // Set-based (one join each), not a subquery per user: PostgreSQL would scan journals for each.
    const sample = Math.min(seededUsers, wanted * 6);
    const { rows } = await client.query<{ id: string; username: string; feed: string; last_day: string | null }>(
      `with s as (select id, username from users where username ~ $1 order by random() limit $2),
            feed as (select s.id, count(*) as feed from s join friendships f on f.user_id = s.id
                     join journals j on j.author_id = f.friend_id and j.visibility = 'close-circle' group by s.id),
            own as (select s.id, max(j.journal_date)::text as last_day from s join journals j on j.author_id = s.id group by s.id)
       select s.id, s.username, coalesce(feed.feed, 0) as feed, own.last_day
       from s left join feed using (id) left join own using (id)
       order by own.last_day is null, coalesce(feed.feed, 0) >= $4 desc, random()
       limit $3`,
      [MINE, sample, wanted, FULL_FEED],
    );
    const viewers: Viewer[] = rows.map((r) => ({
      id: r.id,
      username: r.username,
      token: newToken(),
      feed: Number(r.feed),
      lastDay: r.last_day,
    }));
    await client.query(
      `insert into sessions (user_id, token_hash, expires_at, user_agent)
       select unnest($1::uuid[]), unnest($2::text[]), now() + interval '30 days', $3`,
      [viewers.map((v) => v.id), viewers.map((v) => hashToken(v.token)), BENCH_USER_AGENT],
    );
    const others = (
      await client.query<{ id: string; username: string }>(
        "select id, username from users where username ~ $1 order by random() limit 2000",
        [MINE],
      )
    ).rows;
    const pairs = await client.query<{ viewer: string; journal: string }>(
      `select viewer, journal from (
         select f.user_id as viewer, j.id as journal, row_number() over (partition by f.user_id order by j.journal_date desc) as n
         from friendships f join journals j on j.author_id = f.friend_id and j.visibility = 'close-circle'
         where f.user_id = any($1::uuid[]) and not exists (select 1 from likes l where l.journal_id = j.id and l.user_id = f.user_id)) p
       where n <= 4`,
      [viewers.map((v) => v.id)],
    );
    const tokenOf = new Map(viewers.map((v) => [v.id, v.token]));
    const earliest = (
      await client.query<{ d: string }>(
        "select coalesce(min(journal_date), current_date)::text as d from journals where author_id = any($1::uuid[])",
        [viewers.map((v) => v.id)],
      )
    ).rows[0]!.d;
    const long = (
      await client.query<{ id: string; last_day: string }>(
        `select u.id, max(j.journal_date)::text as last_day
         from users u join journals j on j.author_id = u.id where u.username ~ $1 group by u.id`,
        [LONG],
      )
    ).rows.map((r) => ({ id: r.id, token: newToken(), lastDay: r.last_day }));
    await client.query(
      `insert into sessions (user_id, token_hash, expires_at, user_agent)
       select unnest($1::uuid[]), unnest($2::text[]), now() + interval '30 days', $3`,
      [long.map((v) => v.id), long.map((v) => hashToken(v.token)), BENCH_USER_AGENT],
    );
    return {
      seededUsers,
      longWriters: long,
      seedSeconds,
      viewers,
      others,
      heartPairs: pairs.rows.map((p) => ({ token: tokenOf.get(p.viewer)!, journalId: p.journal })),
      uploadBefore: earliest,
    };
  } finally {
    await client.end();
  }
}

/** Removes what the run added, so a BENCH_DATABASE_URL stays as seeded: its sessions and uploaded entries. */
export async function cleanUpPopulation(databaseUrl: string, population: Population, uploadTitle: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = population.viewers.map((v) => v.id);
    await client.query("delete from journals where author_id = any($1::uuid[]) and title = $2", [ids, uploadTitle]);
    await client.query("delete from sessions where user_agent = $1", [BENCH_USER_AGENT]);
  } finally {
    await client.end();
  }
}
