import fs from "node:fs";
import autocannon from "autocannon";
import { cpuMsOf, cpuMsOfTree } from "./cpu";

// One load run with autocannon, every response's status and time recorded here (autocannon's own
// histogram has no p95), the app's resident memory read from /proc meanwhile, and the CPU the app
// and PostgreSQL used for the run (scripts/bench/cpu.ts).

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers other than a 2xx (or than the expected status), socket errors and timeouts. */
  errors: number;
  /** A few of the non-2xx statuses seen, for the notes. */
  statuses: Record<number, number>;
  rssPeakMb: number;
  /** Milliseconds of CPU per answered request: the app's process, and PostgreSQL's (NaN when its process is not known). */
  appCpuMs: number;
  dbCpuMs: number;
}

export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * Waits (up to 15 s) until the app is idle: requests autocannon abandoned when its time was up are
 * still being served, and must not be counted against the next scenario.
 */
export async function settle(pid: number): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const before = cpuMsOf(pid);
    await new Promise((r) => setTimeout(r, 250));
    const used = cpuMsOf(pid) - before;
    if (Number.isNaN(used)) throw new Error(`The app's process ${pid} is gone.`);
    if (used <= 20) return;
  }
}

/** Load for `seconds`, or (`amount`) until that many requests were answered. */
export async function load({
  url,
  requests,
  connections,
  seconds,
  amount,
  pid,
  databasePid,
  expectStatus,
}: {
  url: string;
  requests: autocannon.Request[];
  connections: number;
  seconds?: number;
  amount?: number;
  pid: number;
  /** PostgreSQL's postmaster, whose CPU (with its backends') is counted too. */
  databasePid?: number;
  expectStatus?: number;
}): Promise<LoadResult> {
  const times: number[] = [];
  const statuses: Record<number, number> = {};
  let rssPeakMb = rssMb(pid);
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(pid))), 100);
  try {
    const dbCpu = () => (databasePid === undefined ? NaN : cpuMsOfTree(databasePid));
    const cpuBefore = { app: cpuMsOfTree(pid), db: dbCpu() };
    const started = performance.now();
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const length = amount ? { amount } : { duration: seconds };
      const instance = autocannon({ url, connections, ...length, requests, timeout: 30 }, (err, res) =>
        err ? reject(err) : resolve(res),
      );
      instance.on("response", (_client, status, _bytes, ms) => {
        times.push(ms);
        const expected = expectStatus === undefined ? status >= 200 && status < 300 : status === expectStatus;
        if (!expected) statuses[status] = (statuses[status] ?? 0) + 1;
      });
    });
    const cpuAfter = { app: cpuMsOfTree(pid), db: dbCpu() };
    const elapsed = amount ? (performance.now() - started) / 1000 : seconds!;
    times.sort((a, b) => a - b);
    const non2xx = Object.values(statuses).reduce((a, b) => a + b, 0);
    return {
      requests: times.length,
      rps: times.length / elapsed,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      errors: non2xx + result.errors + result.timeouts,
      statuses,
      rssPeakMb: Math.max(rssPeakMb, rssMb(pid)),
      appCpuMs: (cpuAfter.app - cpuBefore.app) / times.length,
      dbCpuMs: (cpuAfter.db - cpuBefore.db) / times.length,
    };
  } finally {
    clearInterval(sampler);
  }
}
