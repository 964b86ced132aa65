import "server-only";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { failAbandonedExports, failStaleExports, hasQueuedExports } from "@/lib/exports";
import { failAbandonedImports, failStaleImports, hasQueuedImports } from "@/lib/imports";
import { IMPORT_NEEDED_TOO_MUCH_MEMORY_MESSAGE, IMPORT_STOPPED_MESSAGE } from "@/lib/imports/limits";
import { getStorage } from "@/lib/storage";
import {
  COMPILED_JOB_RUNNER,
  JOB_PROCESS_NODE_ARGS,
  JOB_RUNNER_SOURCE,
  type JobKind,
  type JobMessage,
  type JobRunCounts,
} from "./job-protocol";

// The imports and exports jobs run in a process of their own (docs/decisions/093): one pass per
// process (server/job-runner.ts), with its own heap limit, and the server waits for it. A ZIP whose
// reading needs more memory than that ends the job process, never the server (whose own 256 MB
// limit, docs/decisions/038, a 212 KB upload once crossed). The process says which import or
// export it takes before reading any of it; if it dies abnormally, the server fails what it held
// and logs one line, and the next pass starts a new process. A process costs about 2 s of CPU and
// 140 MB to start (its modules: pg, drizzle, sharp, the S3 client, mail), so a pass with nothing
// queued starts none.

/** V8's report of a heap that ran out starts with one of these lines; what follows it is V8's, not ours, and is not passed on. */
const V8_FATAL = /^(<--- Last few GCs --->|<--- JS stacktrace --->|FATAL ERROR)/;
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit/;

/** The job processes running now, ended first when the server stops (lib/jobs/index.ts). */
const running = new Set<ChildProcess>();
let stopping = false;

function jobProcessArgs(kind: JobKind): string[] {
  // `npm run dev` runs the sources under tsx; `server-only` then resolves as in Next's server build.
  if (config().NODE_ENV === "development")
    return [...JOB_PROCESS_NODE_ARGS, "--conditions=react-server", "--import", "tsx", JOB_RUNNER_SOURCE, kind];
  // COMPILED_JOB_RUNNER spelled out, so Next's tracer sees one file rather than the whole project.
  const compiled = path.join(process.cwd(), ".next", "inkwell-job-runner.mjs");
  if (!fs.existsSync(compiled))
    throw new Error(`${COMPILED_JOB_RUNNER} is missing: build with \`npm run build\` or start with \`npm start\``);
  return [...JOB_PROCESS_NODE_ARGS, compiled, kind];
}

/**
 * Whether `kind` has anything queued for a job process. When not, the pass's other duty, failing
 * what a process that vanished left running (so its owner may start again), is done here.
 */
async function workQueued(kind: JobKind): Promise<boolean> {
  const db = getDb();
  if (kind === "imports" ? await hasQueuedImports({ db }) : await hasQueuedExports({ db })) return true;
  const now = new Date();
  await (kind === "imports" ? failStaleImports({ db, now }) : failStaleExports({ db, now }));
  return false;
}

/** What the job process's end means for what it held: nothing, or why it is failed. */
function verdict({
  code,
  signal,
  outOfMemory,
}: {
  code: number | null;
  signal: NodeJS.Signals | null;
  outOfMemory: boolean;
}) {
  const how = signal ? `was ended by ${signal}` : `exited with code ${code}`;
  // V8 aborts a heap that ran out (SIGABRT); the kernel's OOM killer sends SIGKILL.
  const memory = outOfMemory || (!stopping && (signal === "SIGABRT" || signal === "SIGKILL"));
  return { how: memory ? `${how}, out of memory` : how, memory };
}

/**
 * Runs one pass of `kind` in a job process and waits for it: its counts, or null when there was
 * nothing to do or the process died (then whatever it had claimed and not finished is failed
 * here, and one line says so).
 */
export async function runInJobProcess(kind: JobKind): Promise<JobRunCounts | null> {
  if (stopping || !(await workQueued(kind))) return null;
  const child = spawn(process.execPath, jobProcessArgs(kind), { stdio: ["ignore", "inherit", "pipe", "ipc"] });
  running.add(child);
  const claimed: string[] = [];
  let counts: JobRunCounts | null = null;
  let outOfMemory = false;
  child.on("message", (message: JobMessage) => {
    if (message.type === "claimed") claimed.push(message.id);
    else if (message.type === "finished") counts = message.counts;
  });
  // The process's own lines go to the server's log as they are (they follow lib/log.ts); V8's
  // report of its death does not, nor the blank line V8 starts it with.
  let fatal = false;
  let blank = false;
  readline.createInterface({ input: child.stderr! }).on("line", (line) => {
    if (V8_FATAL.test(line)) fatal = true;
    if (OUT_OF_MEMORY.test(line)) outOfMemory = true;
    if (fatal) return;
    if (blank) process.stderr.write("\n");
    blank = line === "";
    if (!blank) process.stderr.write(`${line}\n`);
  });
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (c: number | null, s: NodeJS.Signals | null) => resolve([c, s]));
  }).finally(() => running.delete(child));
  if (code === 0 && counts) return counts;

  const { how, memory } = verdict({ code, signal, outOfMemory });
  const [db, storage] = [getDb(), getStorage()];
  const failed =
    kind === "imports"
      ? await failAbandonedImports({
          db,
          storage,
          ids: claimed,
          message: memory ? IMPORT_NEEDED_TOO_MUCH_MEMORY_MESSAGE : IMPORT_STOPPED_MESSAGE,
        })
      : await failAbandonedExports({ db, storage, ids: claimed });
  const held = kind === "imports" ? "import" : "export";
  console.error(
    `[jobs] The ${kind} process ${how}; ${failed ? `the ${held} it held (${claimed.at(-1)}) was marked failed` : `it held no unfinished ${held}`}`,
  );
  return null;
}

/** Ends the job processes at the server's shutdown; what they held is failed as stopped, not as too large. */
export async function stopJobProcesses(): Promise<void> {
  stopping = true;
  const ended = [...running].map((child) => new Promise((resolve) => child.once("close", resolve)));
  for (const child of running) child.kill("SIGTERM");
  await Promise.all(ended);
}
