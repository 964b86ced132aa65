import fs from "node:fs";
import { Worker } from "node:worker_threads";
import { SERVER_FAULT } from "../../scripts/test/server-faults";

// Watches an app instance from outside while a hostile test runs (tests/api/hostile.test.ts,
// tests/api/fuzz.test.ts), and reports what the test must fail on:
//  - the process restarted or died: the pid of the log's "listening" line, and that process's
//    start time in /proc, are the same at the end as at the start, and no second line came;
//  - it logged a fault (a 500, an uncaught error, V8's FATAL ERROR: scripts/test/server-faults.ts);
//  - /api/health was slow: see HEALTH_BOUND_MS.
//
// Health is polled from a worker thread, so that the test's own work (building a 6 MB body) never
// delays a probe. Every PROBE_EVERY_MS it sends PROBES_AT_ONCE probes together on separate
// connections, and the moment's latency is the fastest of them: a server whose event loop is
// blocked delays all of them, while one probe that PostgreSQL or the client happened to hold up is
// not the server's fault. On a busy machine (a load of 15 to 22 on 2 cores while these tests were
// written) a moment can still take 500 ms to 1 s with the server idle: its main thread, the
// poller and PostgreSQL each wait hundreds of milliseconds for a CPU. So the poller also reads how
// long the server's main thread (its event loop) spent on a CPU during each moment, and how long
// it and the poller's own thread waited for one (Linux's schedstat, in /proc). The time the server
// can have held the probes up is at most its CPU time, and at most the moment less both waits; that
// must stay under the bound. A blocked event loop is both (JSON.parse of the 6 MB bracket body kept
// it on a CPU for seconds), however busy the machine; waiting for a CPU, for PostgreSQL or for the
// client is neither, and neither are many short requests served while the machine starved the
// server (a 2.9 s moment with 238 ms of CPU, 2.6 s of it waiting, measured). A blocking call that
// sleeps (synchronous disk I/O) would not be seen: the product makes none on a request's path.

export const HEALTH_BOUND_MS = 250;
const PROBE_EVERY_MS = 100;
const PROBES_AT_ONCE = 3;

const POLLER = `
const fs = require("node:fs");
const { parentPort, workerData } = require("node:worker_threads");
const { base, every, atOnce, pid } = workerData;
let stop = false;
let moments = 0;
const worst = [];
const errors = [];
/** [ns on a CPU, ns waiting for one] of a thread, from /proc (schedstat). */
function sched(path) {
  try {
    const [run, wait] = fs.readFileSync(path, "utf8").split(" ").map(Number);
    return { run, wait };
  } catch {
    return { run: 0, wait: 0 };
  }
}
const server = "/proc/" + pid + "/task/" + pid + "/schedstat";
const self = "/proc/thread-self/schedstat";
async function probe() {
  try {
    const res = await fetch(base + "/api/health", { cache: "no-store" });
    await res.arrayBuffer();
    if (res.status !== 200) errors.push("health answered " + res.status);
  } catch (err) {
    errors.push("health did not answer: " + (err && err.cause ? err.cause.code || err.cause.message : err));
  }
}
parentPort.on("message", () => { stop = true; });
(async () => {
  while (!stop) {
    const t0 = performance.now();
    const s0 = sched(server), m0 = sched(self);
    const probes = Array.from({ length: atOnce }, probe);
    await Promise.race(probes);
    const ms = performance.now() - t0;
    const s1 = sched(server), m1 = sched(self);
    await Promise.all(probes);
    moments += 1;
    const moment = {
      at: new Date().toISOString(),
      ms: Math.round(ms),
      serverWaitMs: Math.round((s1.wait - s0.wait) / 1e6),
      serverCpuMs: Math.round((s1.run - s0.run) / 1e6),
      pollerWaitMs: Math.round((m1.wait - m0.wait) / 1e6),
    };
    // The time the server's event loop can have held the probes up: no more than its main thread
    // spent on a CPU, and no more than the moment lasted while neither it nor the poller waited for one.
    moment.busyMs = Math.max(0, Math.min(moment.serverCpuMs, moment.ms - moment.serverWaitMs - moment.pollerWaitMs));
    worst.push(moment);
    worst.sort((a, b) => b.busyMs - a.busyMs || b.ms - a.ms);
    worst.length = Math.min(worst.length, 3);
    const wait = every - (performance.now() - t0);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  parentPort.postMessage({ worst, moments, errors: errors.slice(0, 5) });
})();
`;

/** One moment of the watch: the fastest of the probes sent together, and where the time went. */
export interface Moment {
  at: string;
  /** The fastest probe's latency. */
  ms: number;
  /** Time the server's main thread waited for a CPU meanwhile, and spent on one. */
  serverWaitMs: number;
  serverCpuMs: number;
  /** Time the poller's own thread waited for a CPU meanwhile. */
  pollerWaitMs: number;
  /** What the bound applies to: the least of `serverCpuMs` and `ms` less both waits. */
  busyMs: number;
}

export interface WatchReport {
  /** The three moments the server's event loop can have held the probes up longest in. */
  worst: Moment[];
  moments: number;
  /** Every reason to fail: a restart, a fault in the log, a health probe that failed. */
  problems: string[];
}

const LISTENING = /^\[inkwell\] Server \(pid (\d+)\) listening/gm;

function processStart(pid: number): string | undefined {
  try {
    // Field 22 of /proc/<pid>/stat, after the command in parentheses: the start time in clock ticks since boot.
    return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[19];
  } catch {
    return undefined;
  }
}

function serverIdentity(log: string) {
  const text = fs.readFileSync(log, "utf8");
  const pids = [...text.matchAll(LISTENING)].map((m) => Number(m[1]));
  const pid = pids.at(-1);
  return { pids, pid, start: pid === undefined ? undefined : processStart(pid), length: Buffer.byteLength(text) };
}

/** Starts watching the instance at `base`, whose output goes to `log`; `stop()` says what happened since. */
export function watchServer({ base, log }: { base: string; log: string }): { stop: () => Promise<WatchReport> } {
  const before = serverIdentity(log);
  if (before.pid === undefined || before.start === undefined) throw new Error(`No running server found in ${log}`);
  if (!fs.existsSync(`/proc/${before.pid}/task/${before.pid}/schedstat`))
    throw new Error("The watch needs Linux's /proc/<pid>/task/<tid>/schedstat");
  const worker = new Worker(POLLER, {
    eval: true,
    workerData: { base, every: PROBE_EVERY_MS, atOnce: PROBES_AT_ONCE, pid: before.pid },
  });
  const result = new Promise<{ worst: Moment[]; moments: number; errors: string[] }>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return {
    stop: async () => {
      worker.postMessage("stop");
      const polled = await result;
      await worker.terminate();
      const after = serverIdentity(log);
      const problems = [...polled.errors];
      if (
        after.pids.length !== before.pids.length ||
        after.pid !== before.pid ||
        processStart(before.pid!) !== before.start
      ) {
        problems.push(
          `the server restarted or died: pid ${before.pid} at the start, listening lines for ${after.pids.join(", ")} at the end, pid ${before.pid} ${processStart(before.pid!) ? "alive" : "gone"}`,
        );
      }
      const added = fs.readFileSync(log).subarray(before.length).toString("utf8");
      const faults = added.split("\n").filter((l) => SERVER_FAULT.test(l));
      if (faults.length)
        problems.push(`the server logged ${faults.length} fault(s): ${faults.slice(0, 3).join(" | ")}`);
      const worst = polled.worst[0];
      if (worst && worst.busyMs > HEALTH_BOUND_MS) {
        problems.push(
          `/api/health took over ${HEALTH_BOUND_MS} ms while the server's event loop was busy for longer than that: ${JSON.stringify(polled.worst)}`,
        );
      }
      return { worst: polled.worst, moments: polled.moments, problems };
    },
  };
}
