import "../server/node-version";
import path from "node:path";
import pg from "pg";
import { loadConfig } from "../lib/config";
import { runMigrations } from "../lib/db/migrate";
import { embeddedDatabaseUrl, startEmbeddedDb, type EmbeddedDb } from "../server/embedded-db";
import { SEED_PASSWORD, SEED_PREFIX, seed } from "./seed/generate";
import { loadEnvFiles } from "../server/env-files";

// `npm run seed -- --users N [--prefix P] [--years Y]`: a realistic data set (scripts/seed/generate.ts)
// in the database `npm start` uses: DATABASE_URL when set, else the embedded PostgreSQL in
// $DATA_DIR/postgres (started for the run when `npm start` is not running it already).

function options(argv: string[]) {
  const args = argv.filter((a) => a !== "--");
  const out: { users: number; prefix: string; years: number } = { users: 1000, prefix: SEED_PREFIX, years: 3 };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i]!.split("=", 2) as [string, string | undefined];
    const value = inline ?? args[++i];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === "--users") out.users = Number(value);
    else if (flag === "--prefix") out.prefix = value;
    else if (flag === "--years") out.years = Number(value);
    else
      throw new Error(`Unknown option ${flag}. Usage: npm run seed -- --users N [--prefix ${SEED_PREFIX}] [--years 3]`);
  }
  if (!Number.isInteger(out.years) || out.years < 1 || out.years > 20)
    throw new Error("--years must be a whole number from 1 to 20");
  return out;
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

// The same .env files as `npm start` (docs/decisions/032).
loadEnvFiles("production");

async function main() {
  const opts = options(process.argv.slice(2));
  const cfg = loadConfig(process.env);
  let embedded: EmbeddedDb | undefined;
  let url = cfg.DATABASE_URL;
  if (!url) {
    const running = embeddedDatabaseUrl({ port: cfg.EMBEDDED_POSTGRES_PORT, database: "inkwell" });
    if (await reachable(running)) url = running;
    else {
      embedded = await startEmbeddedDb({ dir: path.join(cfg.DATA_DIR, "postgres"), port: cfg.EMBEDDED_POSTGRES_PORT });
      url = embedded.url("inkwell");
    }
  }
  const client = new pg.Client({ connectionString: url });
  try {
    await runMigrations(url);
    await client.connect();
    console.log(
      `Seeding ${opts.users.toLocaleString("en-US")} users (${opts.prefix}1 … ${opts.prefix}${opts.users}) over ${opts.years} years…`,
    );
    const r = await seed(client, { ...opts, log: (m) => console.log(`  ${m}`) });
    console.log(
      `Seeded in ${r.seconds} s: ${r.users} users, ${r.journals} entries, ${r.friendships} friendship rows (both ways), ` +
        `${r.pendingRequests} pending requests, ${r.likes} hearts, ${r.reads} reads rows.\n` +
        `Sign in as ${opts.prefix}1 … ${opts.prefix}${opts.users}, or a long-time writer ${opts.prefix}long1 … ${opts.prefix}long${r.longWriters}, with the password "${SEED_PASSWORD}".`,
    );
  } finally {
    await client.end().catch(() => undefined);
    await embedded?.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
