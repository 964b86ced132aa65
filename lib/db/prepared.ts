import "server-only";
import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { Db } from "./client";

// Named prepared statements for the hottest statements (docs/performance/archive/2026-11-22-query-plans.md): PostgreSQL
// parses and plans a named statement once per connection and then only binds and runs it. The
// feed's statement spends about as long being planned (1 ms) as being run. The name is a hash of
// the statement's text, so each distinct text (with a cursor or without) is its own statement and
// a name can never meet a different text on a connection. Values stay parameters, never text.
// A connection pooler in transaction mode must support protocol-level prepared statements
// (PgBouncer 1.21 and later); docs/decisions/036 says so.

const dialect = new PgDialect();

/** Runs `query` as a named prepared statement on `db`'s pool (or client) and returns its rows. */
export async function executePrepared<Row extends Record<string, unknown>>(db: Db, query: SQL): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `inkwell_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
  const client = (db as unknown as { $client: pg.Pool | pg.Client }).$client;
  const result = await client.query<Row>({ name, text, values: params as unknown[] });
  return result.rows;
}
