import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, SERVER_NODE_ARGS, serverEnv } from "../../server/app-process";

// The benchmark's reference (docs/decisions/083-a-bare-next-reference.md): a bare Next app of its
// own (bench/bare-next/), built with Inkwell's node_modules and started with `next start` beside
// Inkwell, so that `npm run bench -- load` can state every scenario as a fraction of what Next
// alone serves on this machine, in the same minute.
//
// It is built outside the repository, under the OS temp dir: Turbopack takes the folder of the
// nearest package lock above an app as its root, and inside the repository it compiled Inkwell's
// own proxy.ts into the bare app. Turbopack also refuses a node_modules that is a symlink out of
// its root, so the build folder gets a copy of Inkwell's node_modules made of hard links (the same
// files, made in a second or two). Each build lives in a folder named by bareNextKey() and is
// made in a scratch folder then renamed, so two runs never see half a build; builds unused for a
// week go.

export const BARE_NEXT_SOURCE = path.join("bench", "bare-next");
export const BARE_NEXT_CACHE = path.join(os.tmpdir(), "inkwell-bare-next");
/** What marks a finished build (written last, holds the key). */
const DONE = "inkwell-bare-next-key";

export interface SourceFile {
  /** Relative to the app's folder, with forward slashes. */
  path: string;
  content: Buffer | string;
}

/**
 * The cache key of a build: every source file (path and content, in any order) and the versions
 * of what builds and serves it. Any change to one makes a new key, so a new build.
 */
export function bareNextKey(files: SourceFile[], versions: Record<string, string>): string {
  const h = createHash("sha256");
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)))
    h.update(`file\0${f.path}\0`).update(f.content).update("\0");
  for (const k of Object.keys(versions).sort()) h.update(`version\0${k}\0${versions[k]}\0`);
  return h.digest("hex").slice(0, 16);
}

function readSources(dir: string, rel = ""): SourceFile[] {
  return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const p = rel ? `${rel}/${e.name}` : e.name;
    return e.isDirectory() ? readSources(dir, p) : [{ path: p, content: fs.readFileSync(path.join(dir, p)) }];
  });
}

const versionOf = (pkg: string) =>
  (JSON.parse(fs.readFileSync(path.join("node_modules", pkg, "package.json"), "utf8")) as { version: string }).version;
const nextBin = (dir: string) => path.join(dir, "node_modules", "next", "dist", "bin", "next");
/** Next asks for nothing over the network (the machine may have none). */
const NEXT_ENV = { NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" } as const;

/** The folder of a finished build of the bare app for the current sources, built now if there is none. */
export function buildBareNext(say: (m: string) => void): string {
  const key = bareNextKey(readSources(BARE_NEXT_SOURCE), {
    next: versionOf("next"),
    react: versionOf("react"),
    "react-dom": versionOf("react-dom"),
  });
  const dir = path.join(BARE_NEXT_CACHE, key);
  if (fs.existsSync(path.join(dir, DONE))) {
    const now = new Date();
    fs.utimesSync(path.join(dir, DONE), now, now);
    return dir;
  }
  const started = performance.now();
  say(`Building the bare Next app (${BARE_NEXT_SOURCE}) into ${dir} (once per change of its sources or of Next)…`);
  fs.mkdirSync(BARE_NEXT_CACHE, { recursive: true });
  const scratch = fs.mkdtempSync(path.join(BARE_NEXT_CACHE, `building-${key}-`));
  try {
    fs.cpSync(BARE_NEXT_SOURCE, scratch, { recursive: true });
    const linked = spawnSync("cp", ["-al", path.resolve("node_modules"), path.join(scratch, "node_modules")], {
      stdio: "inherit",
    });
    if (linked.status !== 0) throw new Error("Could not link node_modules into the bare Next app's build folder");
    const log = path.join(scratch, "build.log");
    const out = fs.openSync(log, "w");
    const res = spawnSync(process.execPath, [nextBin(scratch), "build"], {
      cwd: scratch,
      stdio: ["ignore", out, out],
      env: { ...process.env, ...NEXT_ENV },
    });
    fs.closeSync(out);
    if (res.status !== 0)
      throw new Error(`The bare Next app's build failed:\n${fs.readFileSync(log, "utf8").slice(-4000)}`);
    fs.writeFileSync(path.join(scratch, DONE), key);
    // Another run may have finished the same build meanwhile: its folder may be in use, and stays.
    if (!fs.existsSync(path.join(dir, DONE))) {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.renameSync(scratch, dir);
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  pruneBareNextCache(key);
  say(`Bare Next app built in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  return dir;
}

/** Builds unused for a week, and scratch folders a killed run left a day ago, go (another worktree's build may be in use). */
function pruneBareNextCache(keep: string) {
  const now = Date.now();
  for (const e of fs.readdirSync(BARE_NEXT_CACHE)) {
    const p = path.join(BARE_NEXT_CACHE, e);
    const stamp = path.join(p, DONE);
    const used = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : fs.statSync(p).mtimeMs;
    const maxAge = (e.startsWith("building-") ? 1 : 7) * 86_400_000;
    if (e !== keep && now - used > maxAge) fs.rmSync(p, { recursive: true, force: true });
  }
}

export interface BareNext {
  url: string;
  /** The `next start` process (it serves in-process: its memory is read from /proc). */
  pid: number;
  log: string;
  stop: () => Promise<void>;
}

async function waitForPing(url: string, child: ChildProcess, log: string) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The bare Next app exited early; see ${log}`);
    try {
      if ((await fetch(`${url}/api/ping`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The bare Next app at ${url} never answered /api/ping; see ${log}`);
}

/**
 * The bare app, built if needed, started with `next start` on a free port with the same Node
 * settings as Inkwell's server (server/app-process.ts), so only the app differs. `stop()` ends it
 * by its pid; so does this process's exit.
 */
export async function startBareNext({ say, log }: { say: (m: string) => void; log: string }): Promise<BareNext> {
  const dir = buildBareNext(say);
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const out = fs.openSync(log, "w");
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, nextBin(dir), "start", "-p", String(port)], {
    cwd: dir,
    stdio: ["ignore", out, out],
    env: serverEnv({ ...process.env, ...NEXT_ENV }),
  });
  fs.closeSync(out);
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const stop = async () => {
    process.off("exit", killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForPing(url, child, log);
  } catch (err) {
    await stop();
    throw err;
  }
  say(`Bare Next app at ${url} (pid ${child.pid})`);
  return { url, pid: child.pid!, log, stop };
}
