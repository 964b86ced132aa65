import "../server/node-version";
import { ConfigError, loadConfig } from "../lib/config";
import { logError } from "../lib/log";
import { describeMaintenance, runMaintenance } from "../lib/maintenance";
import { createStorage } from "../lib/storage";
import { embeddedDatabaseUrl } from "../server/embedded-db";
import { loadEnvFiles } from "../server/env-files";

// `npm run maintenance`: one housekeeping pass (docs/decisions/033), for cron. It reads the same
// settings as the app; without DATABASE_URL it uses the embedded PostgreSQL, which `npm start`
// must then be running. Prints one line of counts; exits 1 if the pass failed.

// The same .env files as `npm start` (docs/decisions/032).
loadEnvFiles("production");

async function main() {
  let cfg;
  try {
    cfg = loadConfig(process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
  const databaseUrl =
    cfg.DATABASE_URL ?? embeddedDatabaseUrl({ port: cfg.EMBEDDED_POSTGRES_PORT, database: "inkwell" });
  const result = await runMaintenance({ databaseUrl, storage: createStorage({ config: cfg }) });
  console.log(`[maintenance] ${describeMaintenance(result)}`);
}

main().catch((err: unknown) => {
  logError("maintenance", "Housekeeping failed (is the database running? `npm start` runs the embedded one)", err);
  process.exit(1);
});
