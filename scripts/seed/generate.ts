import type pg from "pg";
import { hashPassword } from "../../lib/auth/password";
import { DEFAULT_PASSWORD, FACTORY_EMAIL_DOMAIN } from "./factories";

// A realistic data set written straight into PostgreSQL with set-based SQL (generate_series), never
// row by row through the API: `npm run seed`, and the benchmark's database (docs/performance.md).
// The shapes follow scripts/seed/factories.ts: the same password, the same email form, the same columns.
//
// Who is in it, for N users:
// - joined over the last three years; a third has a bio, half a location;
// - skewed activity: 1 % write nearly every day, 9 % about weekly, 90 % now and then (about 20
//   entries a user on average: 2 000 000 entries for 100 000 users);
// - 60 % of entries shared with the close circle (a tenth of those anonymous), the rest private;
// - about 20 friends each (stored both ways, as the app does), and one user in a thousand with
//   hundreds; a third of the users with a pending request waiting for them;
// - hearts from friends on about one shared entry in eight, counted in likes_count; reads at least
//   as many as hearts in reads_count; yesterday's and today's reads also as journal_reads rows,
//   counted on top (housekeeping has not folded them yet, lib/journals/reads.ts);
// - a few long-time writers, `{prefix}long1`…, who wrote every day for about fourteen years (some
//   5 000 entries each, a #tag on one in five): the diary search's and List view's worst case
//   (docs/performance.md, docs/decisions/060).

export interface SeedOptions {
  users: number;
  /** Usernames are `{prefix}{n}`; a second seed into the same database needs another prefix. */
  prefix?: string;
  /** How far back the oldest account and entry go. */
  years?: number;
  /** How many long-time writers (`{prefix}long1`…), each with an entry a day for LONG_WRITER_DAYS days. */
  longWriters?: number;
  /**
   * Pages as people now write them (docs/decisions/128, 133): Markdown in every text (bold, a link,
   * a list on some), a cover photo on two pages in five and two to five more on one in five. The
   * photos' keys name no stored file: what is measured is the answers, not the images.
   */
  rich?: boolean;
  log?: (message: string) => void;
}

/** The marks a rich page's text gets around its sentences (a sentence is `%s`). */
const RICH_FORMS = ["**%s**", "%s _really_.", "- %s", "> %s", "%s See [the map](https://example.org/map)."];

export interface SeedResult {
  users: number;
  journals: number;
  friendships: number;
  pendingRequests: number;
  likes: number;
  reads: number;
  longWriters: number;
  seconds: number;
}

export const SEED_PREFIX = "seed";
/** Every seeded user signs in with this password (the factories' own). */
export const SEED_PASSWORD = DEFAULT_PASSWORD;
/** Offsets in a random numbering of the users: each links to 10 others, so about 20 friends each. */
const FRIEND_OFFSETS = [1, 2, 5, 13, 31, 71, 151, 313, 677, 1409];
const POPULAR_EVERY = 1000;
const POPULAR_FRIENDS = 300;
/** A long-time writer's days: one entry each, about fourteen years. */
export const LONG_WRITER_DAYS = 5_000;
const LONG_WRITERS = 3;
const TAGS = ["#garden", "#work", "#family", "#running", "#books", "#Café", "#travel", "#θάλασσα"];

const FIRST = [
  "Ada",
  "Ben",
  "Chloé",
  "Dmitri",
  "Elena",
  "Farid",
  "Grace",
  "Hiro",
  "Ines",
  "Jonas",
  "Kira",
  "Liam",
  "Maya",
  "Noor",
  "Oskar",
  "Priya",
  "Quinn",
  "Rosa",
  "Sven",
  "Tara",
  "Umar",
  "Vera",
  "Wen",
  "Yusuf",
  "Zoë",
  "Łucja",
  "Αλέξης",
  "Ольга",
];
const LAST = [
  "Adams",
  "Berg",
  "Costa",
  "Dubois",
  "Evans",
  "Fischer",
  "García",
  "Haddad",
  "Ivanova",
  "Jensen",
  "Kowalski",
  "López",
  "Müller",
  "Nakamura",
  "Okafor",
  "Petrov",
  "Quist",
  "Rossi",
  "Silva",
  "Tanaka",
  "Ulloa",
  "Varga",
  "Wright",
  "Yilmaz",
  "Zhang",
];
const LOCATIONS = [
  "Lisbon",
  "Berlin",
  "Kraków",
  "Nairobi",
  "Osaka",
  "Toronto",
  "São Paulo",
  "Athens",
  "Reykjavík",
  "Melbourne",
  "Cork",
  "Tbilisi",
];
const BIOS = [
  "Writing a line a day since the kids left home.",
  "Night-shift nurse. I write on the bus home.",
  "Learning to notice small things.",
  "Coffee, long walks, and too many notebooks.",
  "Keeping a diary for my future self. Hi, future me!",
  "Gardener, grandmother, occasional poet.",
];
const TITLES = [
  "A quiet morning",
  "Rain again",
  "The long walk home",
  "Small wins",
  "What I learned today",
  "Dinner with old friends",
  "A hard day",
  "Sunday, slowly",
  "First snow",
  "Back at the desk",
  "Notes from the train",
  "Grateful for",
  "The market on Saturday",
  "Didn't sleep much",
  "Café au lait ☕",
];
const SENTENCES = [
  "Coffee on the balcony, then a long walk by the river.",
  "The light through the kitchen window was the best part of the day.",
  "I called my sister and we laughed about nothing for an hour.",
  "Work was heavy, but I finished the report before lunch.",
  "It rained all afternoon, so I read on the sofa with the cat.",
  "Tried a new recipe: too much garlic, no regrets.",
  "A stranger on the tram helped an old man with his bags, and it made my morning.",
  "I keep thinking about what Grandma said about patience.",
  "Ran five kilometres without stopping for the first time.",
  "The garden needs water and I need sleep.",
  "We watched the sun go down from the hill behind the school.",
  "Nothing special happened, and that was fine.",
  "Wrote three pages of the story I keep abandoning.",
  "Felt anxious before the meeting; it went better than I feared.",
  "Zażółć gęślą jaźń — practising my Polish again.",
  "Η θάλασσα ήταν ήρεμη σήμερα.",
];

/** Seeds the database the client is connected to (already migrated). */
export async function seed(client: pg.Client | pg.PoolClient, options: SeedOptions): Promise<SeedResult> {
  const {
    users: n,
    prefix = SEED_PREFIX,
    years = 3,
    longWriters = LONG_WRITERS,
    rich = false,
    log = () => undefined,
  } = options;
  if (!Number.isInteger(n) || n < 2) throw new Error("--users must be a whole number of at least 2");
  if (!/^[a-z][a-z0-9_]{1,15}$/.test(prefix))
    throw new Error("--prefix must be a lower-case letter then 1 to 15 of a-z, 0-9, _");
  const started = performance.now();
  const step = async (what: string, sql: string, params: unknown[] = []) => {
    const t = performance.now();
    const r = await client.query(sql, params);
    log(`${what}: ${r.rowCount ?? 0} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    return r.rowCount ?? 0;
  };

  const mine = `^${prefix}[0-9]+$`;
  const taken = await client.query("select 1 from users where username ~ $1 limit 1", [mine]);
  if (taken.rowCount)
    throw new Error(
      `This database already has users named ${prefix}…: seed a fresh database, or pass another --prefix.`,
    );

  const passwordHash = await hashPassword(SEED_PASSWORD);
  await client.query("begin");
  try {
    // Joined at a random moment of the last `years`, more of them recently (the service grows).
    const users = await step(
      "users",
      `insert into users (name, username, email, password_hash, email_verified_at, bio, location, created_at, updated_at)
       select ($3::text[])[1 + i % array_length($3::text[], 1)] || ' ' || ($4::text[])[1 + (i / 7) % array_length($4::text[], 1)],
              $1::text || i, $1::text || i || '@' || $8::text, $2::text, joined,
              case when i % 3 = 0 then ($6::text[])[1 + i % array_length($6::text[], 1)] else '' end,
              case when i % 2 = 0 then ($5::text[])[1 + (i / 3) % array_length($5::text[], 1)] else '' end,
              joined, joined
       from generate_series(1, $7::int) i,
            lateral (select now() - sqrt(random()) * ($9::int * interval '365 days') + i * interval '0 microseconds' as joined) t`,
      [prefix, passwordHash, FIRST, LAST, LOCATIONS, BIOS, n, FACTORY_EMAIL_DOMAIN, years],
    );
    // A random numbering: neighbours in it are strangers in every other respect.
    await client.query(
      `create temporary table seed_users on commit drop as
       select row_number() over (order by random())::int as n, id, created_at,
              case when random() < 0.01 then 0.85 when random() < 0.09 then 0.12 else 0.01 end as rate
       from users where username ~ $1::text`,
      [mine],
    );
    await client.query("create unique index on seed_users (n)");
    await client.query("analyze seed_users");

    // Each user's days from joining to today, kept at the user's rate.
    await client.query(
      `create temporary table seed_journals on commit drop as
       select gen_random_uuid() as id, author_id, d::date as journal_date,
              least(now(), d + (7 + floor(r2 * 15)) * interval '1 hour' + floor(r3 * 3600) * interval '1 second') as created_at,
              r1 < 0.6 as shared, r1 < 0.06 as anonymous, r2, r3
       -- random() in a subquery's select list is drawn per row (PostgreSQL never flattens it away).
       -- The day's draw sits inside the lateral subquery behind OFFSET 0, so that it is drawn per
       -- day: written as a WHERE beside the join, it names only u and PostgreSQL evaluates it once
       -- per user, which kept or dropped a user's every day at once (tests/lib/seed.test.ts).
       from (select u.id as author_id, d, random() as r1, random() as r2, random() as r3
             from seed_users u
             cross join lateral (
               select d from generate_series(date_trunc('day', u.created_at), date_trunc('day', now()), interval '1 day') d
               where random() < u.rate offset 0
             ) days_kept) days`,
    );
    await step(
      "friendships",
      `insert into friendships (user_id, friend_id, created_at)
       select a.id, b.id, greatest(a.created_at, b.created_at)
       from seed_users a cross join unnest($1::int[]) o join seed_users b on b.n = (a.n - 1 + o) % $2 + 1
       where a.id <> b.id
       union all
       select a.id, b.id, greatest(a.created_at, b.created_at)
       from seed_users a cross join generate_series(1, $3::int) k join seed_users b on b.n = (a.n::bigint * 7919 + k * 104729) % $2 + 1
       where a.n % $4 = 0 and a.id <> b.id
       on conflict do nothing`,
      [FRIEND_OFFSETS, n, POPULAR_FRIENDS, POPULAR_EVERY],
    );
    await step(
      "friendships, the other way",
      "insert into friendships (user_id, friend_id, created_at) select friend_id, user_id, created_at from friendships f where exists (select 1 from seed_users where id = f.user_id) on conflict do nothing",
    );
    const friendships = Number(
      (await client.query("select count(*) from friendships f join seed_users u on u.id = f.user_id")).rows[0].count,
    );
    const pendingRequests = await step(
      "pending friend requests",
      `insert into friend_requests (from_id, to_id, created_at)
       select a.id, b.id, now() - (a.n % 30) * interval '1 day'
       from seed_users a join seed_users b on b.n = (a.n + 2) % $1 + 1
       where a.n % 3 = 0 and a.id <> b.id and not exists (select 1 from friendships f where f.user_id = a.id and f.friend_id = b.id)
       on conflict do nothing`,
      [n],
    );
    // Hearts from friends on about one shared entry in eight; the heart comes within a day.
    await client.query(
      `create temporary table seed_likes on commit drop as
       select j.id as journal_id, f.friend_id as user_id, j.created_at + floor(j.r3 * 20) * interval '1 hour' as created_at, j.journal_date
       from seed_journals j join friendships f on f.user_id = j.author_id
       where j.shared and random() < 0.125`,
    );
    const journals = await step(
      "journals",
      `insert into journals (id, author_id, title, content, visibility, is_anonymous, journal_date, likes_count, reads_count, created_at, updated_at, image_key, image_description, more_photos)
       select j.id, j.author_id,
              ($1::text[])[1 + floor(j.r3 * array_length($1::text[], 1))::int],
              (select string_agg(
                        case when $3::bool
                          then format(($4::text[])[1 + (floor(j.r3 * 997)::int + k) % array_length($4::text[], 1)],
                                      ($2::text[])[1 + (floor(j.r2 * 1000)::int + k * 7) % array_length($2::text[], 1)])
                          else ($2::text[])[1 + (floor(j.r2 * 1000)::int + k * 7) % array_length($2::text[], 1)] end,
                        case when $3::bool then E'\n' else ' ' end)
                 from generate_series(1, 1 + floor(j.r3 * 6)::int) k),
              case when j.shared then 'close-circle' else 'private' end::visibility, j.anonymous, j.journal_date,
              coalesce(l.hearts, 0), coalesce(l.hearts, 0) + case when j.shared then floor(j.r2 * 12)::int else 0 end,
              j.created_at, j.created_at,
              case when $3::bool and j.r2 < 0.4 then 'entries/' || j.id || '.webp' end,
              case when $3::bool and j.r2 < 0.4 then 'A photo of the day' end,
              case when $3::bool and j.r2 < 0.2
                then (select jsonb_agg(jsonb_build_object('key', 'entries/' || j.id || '-' || k || '.webp', 'description', 'Photo ' || k))
                      from generate_series(2, 3 + floor(j.r3 * 3)::int) k)
                else '[]'::jsonb end
       from seed_journals j left join (select journal_id, count(*)::int as hearts from seed_likes group by journal_id) l on l.journal_id = j.id`,
      [TITLES, SENTENCES, rich, RICH_FORMS],
    );
    const likes = await step(
      "hearts",
      "insert into likes (journal_id, user_id, created_at) select journal_id, user_id, least(created_at, now()) from seed_likes",
    );
    // The inbox (docs/decisions/063) as the app would have written it: each pending request, and
    // the hearts of the last 30 days (older ones read as they came).
    await step(
      "notifications",
      `insert into notifications (user_id, kind, actor_id, request_id, created_at)
       select r.to_id, 'friend-request', r.from_id, r.id, r.created_at
       from friend_requests r join seed_users u on u.id = r.to_id where r.status = 'pending'`,
    );
    await step(
      "notifications of hearts",
      `insert into notifications (user_id, kind, actor_id, journal_id, created_at, read_at)
       select j.author_id, 'heart', l.user_id, l.journal_id, least(l.created_at, now()),
              case when l.created_at < now() - interval '2 days' then least(l.created_at, now()) end
       from seed_likes l join seed_journals j on j.id = l.journal_id
       where l.created_at > now() - interval '30 days' and j.author_id <> l.user_id
       on conflict do nothing`,
    );
    const reads = await step(
      "yesterday's and today's reads",
      "insert into journal_reads (journal_id, viewer_id, day) select journal_id, user_id, journal_date from seed_likes where journal_date >= current_date - 1 on conflict do nothing",
    );
    const long = await seedLongWriters(client, { prefix, count: longWriters, passwordHash, step });
    await client.query("commit");
    // VACUUM sets the visibility map, without which the feed's index-only scans fetch every heap
    // page (a freshly seeded table looks like one autovacuum has not reached yet).
    await step(
      "vacuum and analyze",
      "vacuum (analyze) users, journals, friendships, friend_requests, likes, journal_reads, notifications",
    );
    return {
      users,
      journals: journals + long.journals,
      friendships,
      pendingRequests,
      likes,
      reads,
      longWriters: long.users,
      seconds: Math.round((performance.now() - started) / 100) / 10,
    };
  } catch (err) {
    await client.query("rollback").catch(() => undefined);
    throw err;
  }
}

type Step = (what: string, sql: string, params?: unknown[]) => Promise<number>;

/**
 * The long-time writers, `{prefix}long1` to `{prefix}long{count}`: each joined LONG_WRITER_DAYS days
 * ago (and a day more than the one before) and wrote every day since, 2–6 of the seed's sentences
 * and a #tag on one entry in five, shared as the others are. No friends: they are there to be
 * read back by themselves. The bench adds them to a database seeded before they existed.
 */
export async function seedLongWriters(
  client: pg.Client | pg.PoolClient,
  { prefix, count, passwordHash, step }: { prefix: string; count: number; passwordHash: string; step: Step },
): Promise<{ users: number; journals: number }> {
  if (count < 1) return { users: 0, journals: 0 };
  const users = await step(
    "long-time writers",
    `insert into users (name, username, email, password_hash, email_verified_at, bio, location, created_at, updated_at)
     select 'Long Writer ' || i, $1::text || 'long' || i, $1::text || 'long' || i || '@' || $3::text, $2::text, joined,
            'An entry a day, every day.', '', joined, joined
     from generate_series(1, $4::int) i,
          lateral (select date_trunc('day', now()) - ($5::int + i) * interval '1 day' as joined) t`,
    [prefix, passwordHash, FACTORY_EMAIL_DOMAIN, count, LONG_WRITER_DAYS],
  );
  const journals = await step(
    "long-time writers' entries",
    `insert into journals (author_id, title, content, visibility, is_anonymous, journal_date, created_at, updated_at)
     select u.id, ($2::text[])[1 + floor(d.r3 * array_length($2::text[], 1))::int],
            (select string_agg(($3::text[])[1 + (floor(d.r2 * 1000)::int + k * 7) % array_length($3::text[], 1)], ' ')
               from generate_series(1, 2 + floor(d.r3 * 5)::int) k)
            || case when d.r4 < 0.2 then ' ' || ($4::text[])[1 + floor(d.r2 * array_length($4::text[], 1))::int] else '' end,
            case when d.r1 < 0.6 then 'close-circle' else 'private' end::visibility, d.r1 < 0.06, d.day::date,
            least(now(), d.day + interval '21 hours'), least(now(), d.day + interval '21 hours')
     from users u
     cross join lateral (
       select day, random() as r1, random() as r2, random() as r3, random() as r4
       from generate_series(u.created_at, date_trunc('day', now()), interval '1 day') day
       offset 0
     ) d
     where u.username ~ $1::text`,
    [`^${prefix}long[0-9]+$`, TITLES, SENTENCES, TAGS],
  );
  return { users, journals };
}
