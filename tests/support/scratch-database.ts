import pg from "pg";
import { runMigrations } from "../../lib/db/migrate";
import { unique } from "../../scripts/seed/factories";
import { testEnv } from "./env";

async function admin(text: string) {
  const c = new pg.Client({ connectionString: testEnv.adminDatabaseUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/**
 * A migrated database of its own on the test server, for the plan tests: they fill it far beyond
 * the shared test database, which stays small and fast for the other files. `drop` removes it.
 */
export async function createScratchDatabase(
  prefix: string,
): Promise<{ url: string; client: pg.Client; drop: () => Promise<void> }> {
  const name = unique(prefix);
  const url = new URL(testEnv.adminDatabaseUrl);
  url.pathname = `/${name}`;
  await admin(`create database "${name}"`);
  await runMigrations(url.toString());
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    url: url.toString(),
    client,
    drop: async () => {
      await client.end();
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}
