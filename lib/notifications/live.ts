import "server-only";
import pg from "pg";
import { config } from "@/lib/config";
import { describeError } from "@/lib/log";
import { INBOX_CHANNEL } from "@/lib/db/channels";

// Live delivery of the inbox (docs/decisions/064): whatever changes a person's inbox or ends one
// of their sessions sends NOTIFY on INBOX_CHANNEL with their id (never anything else), in the
// transaction that makes the change (inboxChanged, lib/db/channels.ts), so it arrives at commit on
// every instance. Each instance holds one LISTEN connection, opened with its first open stream and
// closed with its last, and hands each id to the streams of that person open here (./stream.ts).

/** Called with "changed" when the person's inbox or sessions changed, "end" when their stream must end (a lost connection, a shutdown). */
export type Listener = (reason: "changed" | "end") => void;

interface Hub {
  listeners: Map<string, Set<Listener>>;
  client: pg.Client | null;
  connecting: Promise<void> | null;
}

const store = globalThis as unknown as { inkwellInboxHub?: Hub };
const hub = (store.inkwellInboxHub ??= { listeners: new Map(), client: null, connecting: null });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A lost connection: every stream of this instance ends, and its browser opens a new one (which listens again). */
function dropAll(reason: string) {
  if (hub.client) console.warn(`[inbox] The listening connection ended (${reason}); open streams end and reconnect.`);
  hub.client = null;
  for (const set of [...hub.listeners.values()]) for (const l of [...set]) l("end");
}

async function connect(): Promise<void> {
  const url = config().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  const client = new pg.Client({
    connectionString: url,
    application_name: "inkwell-listen",
    connectionTimeoutMillis: config().DATABASE_CONNECT_TIMEOUT_MS,
  });
  client.on("notification", (msg) => {
    const userId = msg.payload ?? "";
    if (!UUID.test(userId)) return;
    for (const l of [...(hub.listeners.get(userId) ?? [])]) l("changed");
  });
  client.on("error", (err) => {
    if (hub.client === client) dropAll(describeError(err));
    void client.end().catch(() => undefined);
  });
  client.on("end", () => {
    if (hub.client === client) dropAll("closed");
  });
  await client.connect();
  await client.query(`listen ${INBOX_CHANNEL}`);
  hub.client = client;
}

/**
 * Calls `listener` with "changed" whenever `userId`'s inbox or sessions change, on any instance,
 * until the returned function is called; with "end" when the listening connection is lost or the
 * process shuts down (./shutdown.ts). Resolves once this instance is listening.
 */
export async function subscribe(userId: string, listener: Listener): Promise<() => void> {
  let set = hub.listeners.get(userId);
  if (!set) hub.listeners.set(userId, (set = new Set<Listener>()));
  set.add(listener);
  const unsubscribe = () => {
    const s = hub.listeners.get(userId);
    s?.delete(listener);
    if (s?.size === 0) hub.listeners.delete(userId);
    if (hub.listeners.size === 0 && hub.client) {
      const client = hub.client;
      hub.client = null;
      void client.end().catch(() => undefined);
    }
  };
  try {
    if (!hub.client) await (hub.connecting ??= connect().finally(() => (hub.connecting = null)));
  } catch (err) {
    unsubscribe();
    throw err;
  }
  return unsubscribe;
}

/** How many streams are open on this instance, and for one person. */
export function openStreams(userId?: string): number {
  if (userId) return hub.listeners.get(userId)?.size ?? 0;
  let n = 0;
  for (const s of hub.listeners.values()) n += s.size;
  return n;
}
