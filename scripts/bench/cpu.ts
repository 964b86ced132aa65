import { execFileSync } from "node:child_process";
import fs from "node:fs";

// CPU time, read from /proc: where a scenario's time goes on this machine — the server's own
// process (with its worker threads) or PostgreSQL's (the postmaster and its backends) — per
// request, in every run (docs/performance.md). Linux only; elsewhere, or for a process that is
// gone, NaN, and the bench's table leaves the cell empty.

/** Milliseconds a clock tick of /proc/<pid>/stat is (CLK_TCK, 100 on Linux). */
const TICK_MS = (() => {
  try {
    return 1000 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 10;
  } catch {
    return 10;
  }
})();

/** /proc/<pid>/stat's fields from the state on (the name, which may hold spaces, left out); undefined when the process is gone. */
function statFields(pid: number): string[] | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  } catch {
    return undefined;
  }
}

/** The CPU the process itself has used, in ms (utime + stime); NaN when it is gone. */
export function cpuMsOf(pid: number): number {
  const own = statFields(pid);
  return own ? (Number(own[11]) + Number(own[12])) * TICK_MS : NaN;
}

/**
 * The CPU a process and its children have used, in ms: its own (utime + stime), that of its
 * children that have exited (cutime + cstime) and that of those still running. For PostgreSQL's
 * postmaster, every backend's, whether its connection is still open or not.
 */
export function cpuMsOfTree(pid: number): number {
  const own = statFields(pid);
  if (!own) return NaN;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc");
  } catch {
    return NaN;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statFields(Number(name));
    if (fields && Number(fields[1]) === pid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * TICK_MS;
}
