import "server-only";
import pg from "pg";
import { config } from "@/lib/config";
import { describeError } from "@/lib/log";
import {
  SESSION_CACHE_MAX_ENTRIES,
  SESSION_CACHE_TTL_MS,
  SESSION_CHANNEL,
  SESSION_LISTEN_RETRY_MAX_MS,
  SESSION_LISTEN_RETRY_MS,
  SESSION_SYNC_TIMEOUT_MS,
} from "./session-cache-limits";
import { SessionLru } from "./session-lru";

// The session cache (docs/decisions/085): what a token's session names (its user, as a request knows
// them) is kept in this process's memory for up to SESSION_CACHE_TTL_MS, keyed by the token's hash.
// Revocation wins on every instance:
//  - drizzle/0030's triggers send NOTIFY on SESSION_CHANNEL with the user's id whenever a session of
//    theirs is deleted or cut short, or what a request knows of them (or their suspension) changes;
//    this instance LISTENs on a connection of its own and drops that user's entries;
//  - an entry is served only after a round trip on that connection that began after the request
//    arrived (sync(), shared by every request waiting at the time): PostgreSQL sends a listener the
//    notifications of every transaction committed before it reads a command, so whatever revoke had
//    been answered when this request came, on any instance, has been heard by then;
//  - while that connection is not up (not yet, lost, reconnecting) nothing is served or kept, and
//    losing it empties the cache;
//  - a lookup that began before a notification does not keep its answer (the generation counter).

interface State<T> {
  lru: SessionLru<T>;
  /** Moves on every notification and every change of the connection: a lookup begun before it keeps nothing. */
  generation: number;
  client: pg.Client | null;
  connecting: boolean;
  retryAt: number;
  retryMs: number;
  syncing: Promise<void> | null;
  nextSync: Promise<void> | null;
}

// One per process, whichever bundle of Next's loads this module (as lib/notifications/live.ts).
const store = globalThis as unknown as { inkwellSessionCache?: State<unknown> };

function state<T>(): State<T> {
  return (store.inkwellSessionCache ??= {
    lru: new SessionLru<unknown>(SESSION_CACHE_MAX_ENTRIES),
    generation: 0,
    client: null,
    connecting: false,
    retryAt: 0,
    retryMs: SESSION_LISTEN_RETRY_MS,
    syncing: null,
    nextSync: null,
  }) as State<T>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function lost(s: State<unknown>, client: pg.Client, reason: string) {
  if (s.client !== client) return;
  console.warn(
    `[session-cache] The listening connection ended (${reason}); sessions are read from the database until it is back.`,
  );
  s.client = null;
  s.generation++;
  s.lru.clear();
  s.retryAt = Date.now() + s.retryMs;
  void client.end().catch(() => undefined);
}

async function connect(s: State<unknown>): Promise<void> {
  const url = config().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  const client = new pg.Client({
    connectionString: url,
    application_name: "inkwell-session-cache",
    connectionTimeoutMillis: config().DATABASE_CONNECT_TIMEOUT_MS,
    query_timeout: Math.min(config().DATABASE_STATEMENT_TIMEOUT_MS, SESSION_SYNC_TIMEOUT_MS),
  });
  client.on("notification", (msg) => {
    if (msg.channel !== SESSION_CHANNEL || s.client !== client) return;
    s.generation++;
    const userId = msg.payload ?? "";
    if (UUID.test(userId)) s.lru.dropUser(userId);
    else s.lru.clear();
  });
  client.on("error", (err) => lost(s, client, describeError(err)));
  client.on("end", () => lost(s, client, "closed"));
  try {
    await client.connect();
    await client.query(`listen ${SESSION_CHANNEL}`);
  } catch (err) {
    void client.end().catch(() => undefined);
    throw err;
  }
  // Whatever was kept before this connection listened may be stale: start empty.
  s.generation++;
  s.lru.clear();
  s.client = client;
  s.retryMs = SESSION_LISTEN_RETRY_MS;
}

/** Whether the cache may be used now; opens the listening connection (in the background) when it is not up. */
function listening(s: State<unknown>): boolean {
  if (s.client) return true;
  if (!s.connecting && Date.now() >= s.retryAt) {
    s.connecting = true;
    connect(s)
      .catch((err: unknown) => {
        console.warn(
          `[session-cache] Could not listen for session changes (${describeError(err).split("\n", 1)[0]}); sessions are read from the database.`,
        );
        s.retryAt = Date.now() + s.retryMs;
        s.retryMs = Math.min(s.retryMs * 2, SESSION_LISTEN_RETRY_MAX_MS);
      })
      .finally(() => (s.connecting = false));
  }
  return false;
}

function startSync(s: State<unknown>): Promise<void> {
  const client = s.client;
  if (!client) return Promise.reject(new Error("not listening"));
  // A database that stops answering must not hold requests here: past the client's query_timeout the
  // connection counts as lost (the cache empties) and the lookup goes to the database, which has its own limits.
  const done: Promise<void> = client.query("select 1").then(
    () => undefined,
    (err: unknown) => {
      lost(s, client, describeError(err).split("\n", 1)[0]!);
      throw err;
    },
  );
  s.syncing = done;
  const clear = () => {
    if (s.syncing === done) s.syncing = null;
  };
  done.then(clear, clear);
  return done;
}

/**
 * Resolves once a round trip on the listening connection that began after this call is done: every
 * notification of a transaction committed before this call has been handled by then. Requests
 * waiting together share one round trip.
 */
function sync(s: State<unknown>): Promise<void> {
  // One that starts after the round trip under way ends also starts after this call.
  if (s.nextSync) return s.nextSync;
  if (!s.syncing) return startSync(s);
  // The round trip under way may have been sent before this call: wait for the next one.
  const next = () => ((s.nextSync = null), startSync(s));
  return (s.nextSync = s.syncing.then(next, next));
}

/** A ticket for a lookup: what it reads may be kept only if nothing changed meanwhile. */
export interface CacheTicket {
  generation: number;
}

/**
 * The kept value for a token's hash, once it is known that no revoke answered before now has been
 * missed; undefined when there is none (or the cache cannot be used now) and the database must say.
 */
export async function cachedSession<T>(key: string): Promise<T | undefined> {
  const s = state<T>();
  if (!listening(s as State<unknown>)) return undefined;
  if (s.lru.get(key, Date.now()) === undefined) return undefined;
  try {
    await sync(s as State<unknown>);
  } catch {
    return undefined;
  }
  // A notification heard meanwhile has dropped the entry.
  return s.lru.get(key, Date.now());
}

/** Taken before a lookup in the database, for keepSession(). */
export function cacheTicket(): CacheTicket {
  return { generation: state().generation };
}

/** Keeps what a lookup found, unless the connection is down or a notification came after its ticket. */
export function keepSession<T>({
  key,
  userId,
  value,
  expiresAt,
  ticket,
}: {
  key: string;
  userId: string;
  value: T;
  expiresAt: number;
  ticket: CacheTicket;
}): void {
  const s = state<T>();
  if (!s.client || s.generation !== ticket.generation) return;
  s.lru.set(key, userId, value, Math.min(Date.now() + SESSION_CACHE_TTL_MS, expiresAt));
}

/** Forgets one token's entry (a session found gone). */
export function forgetSession(key: string): void {
  state().lru.delete(key);
}
