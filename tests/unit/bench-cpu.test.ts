import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cpuMsOf, cpuMsOfTree } from "../../scripts/bench/cpu";
import { readPostmasterPid } from "../../server/embedded-db";

// The bench's CPU columns (scripts/bench/cpu.ts, docs/performance.md "How to read the columns"): a
// process's CPU with its children's, those still running and those that have exited, as
// PostgreSQL's postmaster and its backends are counted.

/** A child that spins until it has used `ms` of its own CPU (a condition on CPU, not on the clock), then waits for stdin to close. */
function spinner(ms: number) {
  const child = spawn(
    process.execPath,
    ["-e", `while (process.cpuUsage().user < ${ms * 1000}); process.stdout.write("done"); process.stdin.resume();`],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const spun = new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, spun, exited };
}

describe.runIf(process.platform === "linux")("the CPU a process tree has used", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-cpu-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("counts a child while it runs and after it has exited", async () => {
    const before = cpuMsOfTree(process.pid);
    const { child, spun, exited } = spinner(300);
    await spun;
    // Running: counted as a live child, whose own CPU is what it spun.
    expect(cpuMsOf(child.pid!)).toBeGreaterThanOrEqual(250);
    expect(cpuMsOfTree(process.pid) - before).toBeGreaterThanOrEqual(250);
    child.stdin.end();
    await exited;
    // Exited and reaped: counted in this process's children's time, not lost.
    expect(cpuMsOfTree(process.pid) - before).toBeGreaterThanOrEqual(250);
  });

  it("is NaN for a process that is gone, and reads a postmaster's pid from its data folder", async () => {
    const { child, spun, exited } = spinner(0);
    await spun;
    child.stdin.end();
    await exited;
    expect(cpuMsOfTree(child.pid!)).toBeNaN();
    expect(cpuMsOf(child.pid!)).toBeNaN();
    expect(readPostmasterPid(dir)).toBeUndefined();
    fs.writeFileSync(path.join(dir, "postmaster.pid"), `4242\n${dir}\n1764300000\n5432\n`);
    expect(readPostmasterPid(dir)).toBe(4242);
    fs.writeFileSync(path.join(dir, "postmaster.pid"), "garbage\n");
    expect(readPostmasterPid(dir)).toBeUndefined();
  });
});
