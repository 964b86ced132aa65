import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { runMigrations } from "../../lib/db/migrate";
import { buildIfStale } from "../build-if-stale";
import { startEmbeddedDb } from "../embedded-db";

// A throwaway production stack for one benchmark scenario: a fresh embedded PostgreSQL in a
// temporary folder, the migrations, the production build (rebuilt only when the sources changed)
// and one `next start` on a free port. Everything goes when `stop()` is called.

export interface BenchStack {
  url: string;
  databaseUrl: string;
  dir: string;
  log: string;
  stop: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: string) {
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`The app exited early; see ${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The app at ${url} did not become healthy; see ${log}`);
}

/**
 * The app process, started the way scripts/test.ts starts its instances (`next start` on a free
 * port, production mode). The one place to change when the app is started differently.
 */
async function startApp(dir: string, env: Record<string, string>): Promise<{ url: string; log: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const log = path.join(dir, "app.log");
  const out = fs.openSync(log, "w");
  const next = path.join("node_modules", "next", "dist", "bin", "next");
  const child = spawn(process.execPath, [next, "start", "-p", String(port)], {
    stdio: ["ignore", out, out],
    env: { ...process.env, ...env, NODE_ENV: "production", APP_URL: url, PORT: String(port) },
  });
  await waitForHealth(url, child, log);
  return { url, log, child };
}

export async function startStack(say: (m: string) => void): Promise<BenchStack> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-bench-"));
  buildIfStale(say);
  say(`Starting a fresh embedded PostgreSQL in ${dir}…`);
  const db = await startEmbeddedDb({ dir: path.join(dir, "postgres"), port: await freePort() });
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  const stop = async () => {
    if (app && app.child.exitCode === null) {
      const exited = new Promise((r) => app!.child.once("exit", r));
      app.child.kill("SIGTERM");
      await exited;
    }
    await db.stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const databaseUrl = db.url("inkwell");
    await runMigrations(databaseUrl);
    app = await startApp(dir, { DATABASE_URL: databaseUrl, DATA_DIR: path.join(dir, "app-data") });
    say(`App at ${app.url}`);
    return { url: app.url, databaseUrl, dir, log: app.log, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
