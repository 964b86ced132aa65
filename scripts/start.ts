import { spawn } from "node:child_process";
import path from "node:path";
import { ConfigError, loadConfig } from "../lib/config";
import { runMigrations } from "../lib/db/migrate";
import { buildIfStale } from "./build-if-stale";
import { startEmbeddedDb, type EmbeddedDb } from "./embedded-db";

// `npm start`: embedded PostgreSQL (unless DATABASE_URL), migrations, production build, `next start`.
// `npm run dev`: the same with `next dev`. Ctrl-C stops the app, then the database.
const dev = process.argv.includes("--dev");
const log = (m: string) => console.log(`[inkwell] ${m}`);

async function main() {
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

  let db: EmbeddedDb | undefined;
  let databaseUrl = cfg.DATABASE_URL;
  if (!databaseUrl) {
    const dir = path.join(cfg.DATA_DIR, "postgres");
    log(`Starting the embedded PostgreSQL in ${path.resolve(dir)} (port ${cfg.EMBEDDED_POSTGRES_PORT})…`);
    db = await startEmbeddedDb({ dir, port: cfg.EMBEDDED_POSTGRES_PORT });
    databaseUrl = db.url("inkwell");
  }

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (db) {
      log("Stopping the embedded PostgreSQL…");
      await db.stop().catch((e) => console.error(e));
    }
    process.exit(code);
  };

  try {
    log("Applying database migrations…");
    await runMigrations(databaseUrl);
    if (!dev) buildIfStale(log);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await stop(1);
    return;
  }

  const next = path.join("node_modules", "next", "dist", "bin", "next");
  const child = spawn(process.execPath, [next, dev ? "dev" : "start", "-p", String(cfg.PORT)], {
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: dev ? "development" : "production" },
  });
  log(`Inkwell is starting on ${cfg.APP_URL}`);

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      else void stop(0);
    });
  }
  child.on("exit", (code, signal) => void stop(signal ? 0 : (code ?? 0)));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
