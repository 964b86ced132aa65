import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runMigrations } from "../../lib/db/migrate";
import { freePort, startAppProcess, type AppProcess } from "../../server/app-process";
import { buildIfStale } from "../../server/build-if-stale";
import { startEmbeddedDb, type EmbeddedDb } from "../../server/embedded-db";

// A throwaway production stack for one benchmark scenario: a fresh embedded PostgreSQL in a
// temporary folder (or the database of BENCH_DATABASE_URL, which is kept), the migrations, the
// production build (rebuilt only when the sources changed) and the app as `npm start` runs it, on
// a free port, with INKWELL_BENCH=1 (the /bench/baseline handler answers). Everything but an
// external database goes when `stop()` is called.

export interface BenchStack {
  url: string;
  databaseUrl: string;
  dir: string;
  log: string;
  /** The app's process id (its memory is read from /proc by the pdf scenario). */
  pid: number;
  /** The embedded PostgreSQL's postmaster (its CPU is counted by the load scenario); undefined with BENCH_DATABASE_URL. */
  databasePid?: number;
  /** The app's DATA_DIR: its photos are under uploads/. */
  dataDir: string;
  stop: () => Promise<void>;
}

export async function startStack(
  say: (m: string) => void,
  { externalDatabaseUrl }: { externalDatabaseUrl?: string } = {},
): Promise<BenchStack> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-bench-"));
  buildIfStale(say);
  let db: EmbeddedDb | undefined;
  if (!externalDatabaseUrl) {
    say(`Starting a fresh embedded PostgreSQL in ${dir}…`);
    db = await startEmbeddedDb({ dir: path.join(dir, "postgres"), port: await freePort() });
  }
  let app: AppProcess | undefined;
  const stop = async () => {
    await app?.stop();
    await db?.stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const databaseUrl = externalDatabaseUrl ?? db!.url("inkwell");
    await runMigrations(databaseUrl);
    const dataDir = path.join(dir, "app-data");
    app = await startAppProcess({
      log: path.join(dir, "app.log"),
      env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, INKWELL_BENCH: "1" },
    });
    say(`App at ${app.url}`);
    return { url: app.url, databaseUrl, dir, log: app.log, pid: app.child.pid!, databasePid: db?.pid, dataDir, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
