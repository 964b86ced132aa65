import "./node-version";
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { ConfigError, loadConfig } from "../lib/config";
import { runMigrations } from "../lib/db/migrate";
import { compiledServer, serverArgs, serverEnv } from "./app-process";
import { buildIfStale } from "./build-if-stale";
import { loadEnvFiles } from "./env-files";
import { supervise, type Supervisor } from "./supervisor";

// `npm start`: embedded PostgreSQL (unless DATABASE_URL), migrations, production build, then the
// server (server/server.ts), supervised: if it dies it is started again, with backoff, for as
// long as it takes, while the database keeps running (server/supervisor.ts). `npm run dev`: the
// same with Next's dev server. Ctrl-C stops the server first, then the database (docs/decisions/014, 041).
const dev = process.argv.includes("--dev");
const envFiles = loadEnvFiles(dev ? "development" : "production");
const log = (m: string) => console.log(`[inkwell] ${m}`);
const TSX = ["--import", "tsx"];
const STOP_GRACE_MS = 15_000;

interface Database {
  url: string;
  stop: () => Promise<void>;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve()),
  );

/** Starts server/embedded-db-process.ts in its own process group and waits for its database. */
function startDatabase(dir: string, port: number): Promise<Database> {
  const child = spawn(process.execPath, [...TSX, "server/embedded-db-process.ts", dir, String(port)], {
    detached: true,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const stop = async () => {
    if (child.connected) child.send("stop");
    await exited(child);
  };
  return new Promise((resolve, reject) => {
    child.on("message", (m: { type: string; url?: string; message?: string }) => {
      if (m.type === "ready" && m.url) resolve({ url: m.url, stop });
      else reject(new Error(m.message ?? "The embedded PostgreSQL did not start"));
    });
    child.on("exit", () => reject(new Error("The embedded PostgreSQL process exited before the database was ready")));
  });
}

/** Whether nothing listens on `port` yet (on every address, as the server will). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

async function main() {
  if (envFiles.length) log(`Settings from ${envFiles.join(", ")} (the environment wins over them).`);
  let cfg;
  try {
    cfg = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  if (!(await portIsFree(cfg.PORT))) {
    console.error(
      `[inkwell] Port ${cfg.PORT} is already in use (another Inkwell or another program). Set PORT to a free port, ` +
        "e.g. `PORT=3001 npm start`; a second copy also needs its own EMBEDDED_POSTGRES_PORT and DATA_DIR (docs/running.md).",
    );
    process.exit(1);
  }

  let db: Database | undefined;
  let databaseUrl = cfg.DATABASE_URL;
  // Set once the server is started; stop() may run before that (Ctrl-C during the migrations).
  const running: { supervisor?: Supervisor } = {};
  let stopping = false;

  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    running.supervisor?.stop();
    const server = running.supervisor?.current() as ChildProcess | undefined;
    if (server && server.exitCode === null && server.signalCode === null) {
      log("Stopping the server…");
      const s = server;
      s.kill("SIGTERM");
      const force = setTimeout(() => s.kill("SIGKILL"), STOP_GRACE_MS);
      await exited(s);
      clearTimeout(force);
      log("The server stopped.");
    }
    if (db) {
      log("Stopping the embedded PostgreSQL…");
      await db.stop().catch((e: unknown) => console.error(e));
      log("The embedded PostgreSQL stopped.");
    }
    process.exit(code);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void stop(0));

  try {
    if (!databaseUrl) {
      const dir = path.join(cfg.DATA_DIR, "postgres");
      log(`Starting the embedded PostgreSQL in ${path.resolve(dir)} (port ${cfg.EMBEDDED_POSTGRES_PORT})…`);
      db = await startDatabase(dir, cfg.EMBEDDED_POSTGRES_PORT);
      databaseUrl = db.url;
    }
    log("Applying database migrations…");
    await runMigrations(databaseUrl);
    if (!dev) {
      buildIfStale(log);
      compiledServer();
    }
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await stop(1);
    return;
  }

  // Its own process group: Ctrl-C reaches only this supervisor, which decides the order. However
  // often the server dies, the database keeps running and the server is started again.
  running.supervisor = supervise({
    start: () =>
      spawn(process.execPath, serverArgs({ dev }), {
        detached: true,
        stdio: ["ignore", "inherit", "inherit", "ipc"],
        env: serverEnv({ ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: dev ? "development" : "production" }),
      }),
    log: (m) => console.error(`[inkwell] ${m}`),
  });
  log(`Inkwell is starting on ${cfg.APP_URL}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
