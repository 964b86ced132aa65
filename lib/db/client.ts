import "server-only";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { Pool, type PoolClient, type PoolConfig } from "pg";
import { config } from "@/lib/config";
import { describeError } from "@/lib/log";
import * as schema from "./schema";
import { databaseUnavailable } from "./unavailable";

export type Db = NodePgDatabase<typeof schema>;

interface Pooled {
  db: Db;
  pool: Pool;
}

// One pool per database per process; kept on globalThis so hot reload in `next dev` does not leak pools.
const store = globalThis as unknown as { inkwellDb?: Pooled; inkwellReadDbs?: Pooled[] };

/** How much longer than the server's statement_timeout the client waits for an answer at all. */
const CLIENT_GRACE_MS = 5_000;

/** How long a replica that could not be reached is passed over before it is tried again. */
export const REPLICA_RETRY_MS = 5_000;

type ConnectCallback = (
  err: Error | undefined,
  client: PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A replica's pool (docs/decisions/086, amending 036): when it cannot lend a connection because
 * the replica cannot be reached (stopped, restarting, out of connections, too slow to answer),
 * the read takes one of the primary's instead, which is never behind, and the replica is passed
 * over for REPLICA_RETRY_MS before it is tried again. A read already running on a replica that
 * goes away is tried once more by `route()` (lib/http/respond.ts), then on the primary.
 */
class ReplicaPool extends Pool {
  private downUntil = 0;
  constructor(
    options: PoolConfig,
    private readonly primary: () => Pool,
  ) {
    super(options);
  }

  private async lend(): Promise<PoolClient> {
    if (performance.now() < this.downUntil) return this.primary().connect();
    try {
      return await super.connect();
    } catch (err) {
      if (!databaseUnavailable(err)) throw err;
      if (performance.now() >= this.downUntil)
        console.warn(
          `[db] A read replica cannot be reached; its reads go to the primary for ${REPLICA_RETRY_MS / 1000} s: ${describeError(err).split("\n")[0]}`,
        );
      this.downUntil = performance.now() + REPLICA_RETRY_MS;
      return this.primary().connect();
    }
  }

  override connect(): Promise<PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<PoolClient> | void {
    const lent = this.lend();
    if (!callback) return lent;
    // pg-pool's own query() borrows this way; the client goes back to the pool that lent it.
    lent.then(
      (client) => callback(undefined, client, (release) => client.release(release as boolean | Error | undefined)),
      (err: Error) => callback(err, undefined, () => undefined),
    );
  }
}

function connect(url: string, applicationName: string, primary?: () => Pool): Pooled {
  const c = config();
  const options: PoolConfig = {
    connectionString: url,
    max: c.DATABASE_POOL_SIZE,
    application_name: applicationName,
    // Time limits (docs/decisions/041): a request never waits on the database without end. Opening
    // a connection, or waiting for a free one, is bounded by connectionTimeoutMillis; PostgreSQL
    // cancels a statement past statement_timeout and ends a transaction left idle past its limit;
    // and a server that stopped answering altogether (frozen, or a network that drops packets)
    // is given up on by the client, query_timeout, a little after the server would have.
    connectionTimeoutMillis: c.DATABASE_CONNECT_TIMEOUT_MS,
    statement_timeout: c.DATABASE_STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: c.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    query_timeout: c.DATABASE_STATEMENT_TIMEOUT_MS + CLIENT_GRACE_MS,
  };
  const pool = primary ? new ReplicaPool(options, primary) : new Pool(options);
  // An idle connection that PostgreSQL ends (a restart, a stop, an idle timeout) is dropped from
  // the pool and replaced on next use; without a listener the pool's error event would crash us.
  pool.on("error", (err) => console.warn(`[db] An idle connection was closed: ${describeError(err)}`));
  // A connection lost while a request holds it (inside a transaction) is reported to that request
  // by its statement (503, lib/db/unavailable.ts); the client's own error event, which the pool
  // listens to only while the connection is idle, must not become an uncaught exception.
  pool.on("connect", (client) => client.on("error", () => undefined));
  return { db: drizzle(pool, { schema }), pool };
}

/** The primary: every write, every session check, and every read that must see the latest write. */
export function getDb(): Db {
  if (!store.inkwellDb) {
    const url = config().DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set: start Inkwell with `npm start`, which provides one.");
    store.inkwellDb = connect(url, "inkwell");
  }
  return store.inkwellDb.db;
}

/**
 * A database for reads that tolerate a second of lag: one of DATABASE_REPLICA_URLS, chosen at
 * random per call, or the primary when there are none. Read only through it; a write there fails
 * (a replica is read-only). Our own chooser rather than Drizzle's `withReplicas`, which sends
 * `execute()` to the primary, and search and suggestions are `execute()` (docs/decisions/036).
 * A handler serving a signed-in person uses `getReadDbFor(req)` (lib/http/read-your-writes.ts),
 * so that they see their own writes at once.
 */
export function getReadDb(): Db {
  const urls = config().DATABASE_REPLICA_URLS;
  if (!urls.length) return getDb();
  const primary = () => {
    getDb();
    return store.inkwellDb!.pool;
  };
  store.inkwellReadDbs ??= urls.map((url) => connect(url, "inkwell-read", primary));
  return store.inkwellReadDbs[Math.floor(Math.random() * store.inkwellReadDbs.length)]!.db;
}
