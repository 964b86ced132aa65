import { EventEmitter } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HEALTHY_AFTER_MS, RESTART_DELAYS_MS, supervise, type SupervisedProcess } from "../../server/supervisor";

// docs/decisions/041: `npm start`'s restart policy (server/supervisor.ts) on fake timers. A
// server stands in for the process as an event emitter that exits when the test says; the
// timers and Date.now are Vitest's, so hours of backoff take no time.

class FakeServer extends EventEmitter implements SupervisedProcess {
  exit(code: number | null, signal: NodeJS.Signals | null = null) {
    this.emit("exit", code, signal);
  }
}

let servers: FakeServer[];
let lines: string[];
beforeEach(() => {
  vi.useFakeTimers();
  servers = [];
  lines = [];
});
afterEach(() => vi.useRealTimers());

function start() {
  return supervise({
    start: () => {
      const s = new FakeServer();
      servers.push(s);
      return s;
    },
    log: (l) => lines.push(l),
  });
}

/** Lets the current server die at once, then waits exactly the delay the policy chose. */
function dieAndWait(how: { code?: number | null; signal?: NodeJS.Signals | null } = { code: 1 }) {
  const before = servers.length;
  servers.at(-1)!.exit(how.code ?? null, how.signal ?? null);
  const delay = Number(/starting it again in (\d+(?:\.\d+)?) s/.exec(lines.at(-1)!)![1]) * 1000;
  vi.advanceTimersByTime(delay - 1);
  expect(servers.length).toBe(before);
  vi.advanceTimersByTime(1);
  expect(servers.length).toBe(before + 1);
  return delay;
}

describe("the supervisor's restart policy", () => {
  it("never gives up: a server that dies at once, a hundred times in a row, is started a hundred and one times", () => {
    start();
    const delays = Array.from({ length: 100 }, () => dieAndWait());
    expect(servers).toHaveLength(101);
    expect(delays.slice(0, RESTART_DELAYS_MS.length)).toEqual([...RESTART_DELAYS_MS]);
    // Capped at 30 s between tries, however long it goes on.
    expect(new Set(delays.slice(RESTART_DELAYS_MS.length))).toEqual(new Set([30_000]));
    expect(lines.some((l) => /giv(e|ing) up/i.test(l))).toBe(false);
  });

  it("logs why each restart happens: the exit code or the signal, and how often in a row", () => {
    start();
    dieAndWait({ code: 1 });
    dieAndWait({ signal: "SIGKILL" });
    dieAndWait({ signal: "SIGABRT" });
    expect(lines).toEqual([
      "The server stopped unexpectedly (exit code 1) after 0 s; starting it again in 1 s.",
      "The server stopped unexpectedly (killed by SIGKILL) after 0 s, 2 times in a row within a minute of starting; starting it again in 2 s.",
      "The server stopped unexpectedly (killed by SIGABRT, an abort such as a heap out of memory) after 0 s, 3 times in a row within a minute of starting; starting it again in 4 s.",
    ]);
  });

  it("starts the backoff over after a server that stayed up a minute", () => {
    start();
    for (let i = 0; i < 8; i++) dieAndWait();
    vi.advanceTimersByTime(HEALTHY_AFTER_MS);
    expect(dieAndWait()).toBe(RESTART_DELAYS_MS[0]);
    expect(dieAndWait()).toBe(RESTART_DELAYS_MS[1]);
  });

  it("stops restarting once told to stop, even with a restart pending", () => {
    const supervisor = start();
    servers[0]!.exit(1);
    supervisor.stop();
    vi.advanceTimersByTime(10 * 60_000);
    expect(servers).toHaveLength(1);
    expect(supervisor.current()).toBeUndefined();
  });

  it("names the running server, and forgets it once it exited", () => {
    const supervisor = start();
    expect(supervisor.current()).toBe(servers[0]);
    supervisor.stop();
    servers[0]!.exit(null, "SIGTERM");
    expect(supervisor.current()).toBeUndefined();
    expect(lines).toEqual([]);
  });
});
