import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { buildSync, type BuildOptions } from "esbuild";
import { COMPILED_JOB_RUNNER, JOB_RUNNER_SOURCE } from "../lib/jobs/job-protocol";

// Starting the app as `npm start` runs it (server/server.ts, production mode) on a free port, for
// the test harness and the benchmarks. The IPC channel makes the server exit with its parent.

/**
 * How the server process is started, by `npm start` (server/start.ts) and by the tests and the
 * benchmark (below), so that they measure what runs (docs/decisions/038-server-memory.md):
 *  - MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own malloc arena and keeps what
 *    it freed there; libvips in the image workers and libuv's threads otherwise leave hundreds of
 *    MB resident after a burst of photos. It must be in the environment before the process starts.
 *  - V8's young generation capped at 16 MB a semi-space: Node 24's V8 on this 24 GB machine grows
 *    it to 64 MB (128 MB of new space, measured), all of it resident once a burst of requests
 *    has filled it.
 *  - V8's old generation capped at 256 MB (4 GB by default here): V8 otherwise lets it grow far
 *    past what is live before collecting. The app's live heap stays well under it (the PDF's
 *    layout has its own worker, photos are buffers outside the heap); a process that ever ran
 *    out would be restarted by server/start.ts.
 *  - MALLOC_MMAP_THRESHOLD_=131072: glibc otherwise raises its threshold for serving an allocation
 *    from mmap each time such a block is freed (up to 32 MB), so after the first argon2 hash
 *    (19 MiB) or large photo buffer the next ones come from the heap and stay resident when freed;
 *    fixed at glibc's initial 128 KiB, large blocks go back to the system (docs/decisions/090).
 * A setting already in the environment wins.
 */
export const SERVER_NODE_ARGS = ["--max-semi-space-size=16", "--max-old-space-size=256"];
export function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072", ...env };
}

/** Where server/server.ts goes compiled (beside the build it serves). */
export const COMPILED_SERVER = path.join(".next", "inkwell-server.mjs");
let compiled = false;

/** One entry and what it imports from lib/, bundled into `outfile`, written beside and then renamed. */
function compile(entry: string, outfile: string, options: BuildOptions = {}) {
  const partial = `${outfile}.${process.pid}.partial`;
  buildSync({
    entryPoints: [entry],
    outfile: partial,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node24",
    logLevel: "error",
    ...options,
  });
  fs.renameSync(partial, outfile);
}

/**
 * server/server.ts and what it imports from lib/, compiled into one file that plain `node` runs
 * (docs/decisions/088): under `--import tsx` the server held 35 MB more, its loader hooks and
 * esbuild's service, for the life of the process. Packages stay imports of node_modules. Compiled
 * once per process that starts servers (it takes a fraction of a second), written beside and then
 * renamed, so servers started at once by parallel tests never read half a file.
 * The job process the server starts for imports and exports (server/job-runner.ts,
 * docs/decisions/093) is compiled with it, beside it: its lib/ modules import `server-only`, the
 * marker that throws outside Next's server build, so that is bundled as its empty server side.
 */
export function compiledServer(): string {
  if (compiled) return COMPILED_SERVER;
  fs.mkdirSync(path.dirname(COMPILED_SERVER), { recursive: true });
  compile("server/server.ts", COMPILED_SERVER);
  compile(JOB_RUNNER_SOURCE, COMPILED_JOB_RUNNER, {
    alias: { "server-only": path.resolve("node_modules/server-only/empty.js") },
  });
  compiled = true;
  return COMPILED_SERVER;
}

/** The Node arguments that run the server: compiled in production, from source under tsx in development. */
export function serverArgs({ dev = false }: { dev?: boolean } = {}): string[] {
  return dev
    ? [...SERVER_NODE_ARGS, "--import", "tsx", "server/server.ts", "--dev"]
    : [...SERVER_NODE_ARGS, compiledServer()];
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

/** Resolves once the app at `url` answers /api/health; throws if `child` exits first or it never does. */
export async function waitForHealth(url: string, child: ChildProcess, log: string) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`The app exited early; see ${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The app at ${url} did not become healthy; see ${log}`);
}

export interface AppProcess {
  url: string;
  log: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * Resolves once `child` says it listens (server/server.ts's IPC message); false if it exits first.
 * Until then an answer on its port may be another program's: a free port can be taken by another
 * process between freePort() and the child's listen, and then /api/health answered from that one
 * while the child died of EADDRINUSE (seen once in CI: a test's own instance answered as the
 * stack's, which had never heard of its sessions).
 */
function listening(child: ChildProcess): Promise<boolean> {
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      if ((m as { type?: string } | null)?.type !== "listening") return;
      child.off("exit", onExit);
      child.off("message", onMessage);
      resolve(true);
    };
    const onExit = () => {
      child.off("message", onMessage);
      resolve(false);
    };
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
}

/** The app on a free port, its output in `log`, healthy when this resolves. A port taken meanwhile is tried again. */
export async function startAppProcess({ log, env }: { log: string; env: Record<string, string> }): Promise<AppProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const out = fs.openSync(log, "w");
    const child = spawn(process.execPath, serverArgs(), {
      stdio: ["ignore", out, out, "ipc"],
      env: serverEnv({ ...process.env, ...env, NODE_ENV: "production", APP_URL: url, PORT: String(port) }),
    });
    fs.closeSync(out);
    const stop = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    };
    if (!(await listening(child))) {
      if (attempt < 3 && fs.readFileSync(log, "utf8").includes("is already in use")) continue;
      throw new Error(`The app exited before it listened; see ${log}`);
    }
    await waitForHealth(url, child, log);
    return { url, log, child, stop };
  }
}
