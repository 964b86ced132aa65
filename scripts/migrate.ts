import "../server/node-version";
import { ConfigError, loadConfig } from "../lib/config";
import { runMigrations } from "../lib/db/migrate";
import { logError } from "../lib/log";
import { loadEnvFiles } from "../server/env-files";

// `npm run migrate`: applies the database migrations once, for a host where `npm start` (which
// applies them at every start) does not run: plain `next start`, or Vercel's build command
// (`npm run migrate && npm run build`, docs/decisions/058). Needs DATABASE_URL.

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
  if (!cfg.DATABASE_URL) {
    console.error(
      "DATABASE_URL is not set: `npm run migrate` is for an external PostgreSQL (`npm start` migrates the embedded one itself).",
    );
    process.exit(1);
  }
  await runMigrations(cfg.DATABASE_URL);
  console.log("[migrate] The database's migrations are applied.");
}

main().catch((err: unknown) => {
  logError("migrate", "Migrations failed", err);
  process.exit(1);
});
