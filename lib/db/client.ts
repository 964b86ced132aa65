import "server-only";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import { config } from "@/lib/config";
import { describeError } from "@/lib/log";
import * as schema from "./schema";

export type Db = NodePgDatabase<typeof schema>;

// One pool per process; kept on globalThis so hot reload in `next dev` does not leak pools.
const store = globalThis as unknown as { inkwellDb?: { db: Db; pool: Pool } };

export function getDb(): Db {
  if (!store.inkwellDb) {
    const url = config().DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set: start Inkwell with `npm start`, which provides one.");
    const pool = new Pool({ connectionString: url, max: 10, application_name: "inkwell" });
    // An idle connection that PostgreSQL ends (a restart, a stop, an idle timeout) is dropped from
    // the pool and replaced on next use; without a listener the pool's error event would crash us.
    pool.on("error", (err) => console.warn(`[db] An idle connection was closed: ${describeError(err)}`));
    store.inkwellDb = { db: drizzle(pool, { schema }), pool };
  }
  return store.inkwellDb.db;
}
