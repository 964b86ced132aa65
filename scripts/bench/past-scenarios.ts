import pg from "pg";
import { hashToken, newToken } from "../../lib/auth/tokens";
import { asViewers, type HttpScenario } from "./http-scenarios";
import { BENCH_USER_AGENT, type Population } from "./population";

// The past, read back (docs/decisions/062, docs/performance.md "Scenarios"): On This Day and the
// writing stats, asked by the writers who have the most past to read, the seed's long-time writers
// (usernames `seedlong…`, about 5 000 entries each) when it has them, else the ordinary viewers who
// wrote. Each asks for the day of their latest entry, so their earlier years hold that day too.

const LONG_WRITERS = "^seedlong";

export interface PastViewer {
  token: string;
  lastDay: string;
  entries: number;
}

/** Signs in the long-time writers (sessions marked as the bench's, removed by cleanUpPopulation), or falls back on the population's writers. */
export async function pastViewers({
  databaseUrl,
  pop,
  max,
}: {
  databaseUrl: string;
  pop: Population;
  max: number;
}): Promise<PastViewer[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; last_day: string; entries: number }>(
      `select u.id, w.last_day, w.entries from users u
         cross join lateral (select max(journal_date)::text as last_day, count(*)::int as entries from journals where author_id = u.id) w
       where u.username ~ $1 and w.entries > 0 order by random() limit $2`,
      [LONG_WRITERS, max],
    );
    if (!rows.length) {
      return pop.viewers
        .filter((v): v is typeof v & { lastDay: string } => v.lastDay !== null)
        .map((v) => ({ token: v.token, lastDay: v.lastDay, entries: 0 }));
    }
    const viewers = rows.map((r) => ({ id: r.id, token: newToken(), lastDay: r.last_day, entries: r.entries }));
    await client.query(
      `insert into sessions (user_id, token_hash, expires_at, user_agent)
       select unnest($1::uuid[]), unnest($2::text[]), now() + interval '30 days', $3`,
      [viewers.map((v) => v.id), viewers.map((v) => hashToken(v.token)), BENCH_USER_AGENT],
    );
    return viewers;
  } finally {
    await client.end();
  }
}

export function pastScenarios(viewers: PastViewer[]): HttpScenario[] {
  return [
    {
      name: "on-this-day",
      group: "read",
      requests: asViewers(viewers, (v) => `/api/journals/on-this-day?date=${v.lastDay}`),
    },
    {
      name: "writing stats",
      group: "read",
      requests: asViewers(viewers, (v) => `/api/journals/stats?year=${v.lastDay.slice(0, 4)}`),
    },
  ];
}
