import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

// Any constant shared by every instance: two instances starting at once queue on this lock,
// so only one applies the migrations and the other finds them done.
const MIGRATION_LOCK_ID = 7_240_301;

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle");

/** Applies the committed SQL migrations in drizzle/, holding a PostgreSQL advisory lock. */
export async function runMigrations(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
    }
  } finally {
    await client.end();
  }
}
