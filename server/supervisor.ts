// The restart policy of `npm start` (server/start.ts, docs/decisions/014 and 041), apart from the
// processes it governs so that a test can drive it with fake timers: a server that dies is started
// again after a backoff that doubles up to RESTART_DELAYS_MS's last step and stays there, for as
// long as it takes. It never gives up, and it never touches the database: only the supervisor's
// own stop (Ctrl-C, SIGTERM) ends the restarts.

/** Waits before the 1st, 2nd, … restart in a row; every later one waits the last (30 s). */
export const RESTART_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000] as const;
/** A server that stayed up this long counts as healthy: its next death starts the backoff over. */
export const HEALTHY_AFTER_MS = 60_000;

export type ExitListener = (code: number | null, signal: NodeJS.Signals | null) => void;

/** What the policy needs of a server process: to hear when it exits. */
export interface SupervisedProcess {
  once(event: "exit", listener: ExitListener): unknown;
}

/** The wait before the restart that follows `quickDeaths` deaths in a row (1 or more). */
export function restartDelay(quickDeaths: number): number {
  return RESTART_DELAYS_MS[Math.min(Math.max(quickDeaths, 1), RESTART_DELAYS_MS.length) - 1]!;
}

/** Why a process ended, for the log: its signal or its exit code. */
export function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  // V8 aborts a process whose heap ran out ("FATAL ERROR: … heap limit", just before in the log).
  if (signal === "SIGABRT") return "killed by SIGABRT, an abort such as a heap out of memory";
  if (signal) return `killed by ${signal}`;
  return code === null ? "ended" : `exit code ${code}`;
}

export interface Supervisor {
  /** The server process running now, if any. */
  current(): SupervisedProcess | undefined;
  /** No more restarts (a pending one is cancelled); the caller then stops the server itself. */
  stop(): void;
}

/** Starts the server with `start` and starts it again whenever it exits, until `stop()`. */
export function supervise({ start, log }: { start: () => SupervisedProcess; log: (line: string) => void }): Supervisor {
  let server: SupervisedProcess | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let quickDeaths = 0;

  const run = () => {
    timer = undefined;
    if (stopped) return;
    const startedAt = Date.now();
    const child = start();
    server = child;
    child.once("exit", (code, signal) => {
      if (server === child) server = undefined;
      if (stopped) return;
      const upMs = Date.now() - startedAt;
      quickDeaths = upMs < HEALTHY_AFTER_MS ? quickDeaths + 1 : 1;
      const delay = restartDelay(quickDeaths);
      const streak = quickDeaths > 1 ? `, ${quickDeaths} times in a row within a minute of starting` : "";
      log(
        `The server stopped unexpectedly (${describeExit(code, signal)}) after ${Math.round(upMs / 1000)} s${streak}; starting it again in ${delay / 1000} s.`,
      );
      timer = setTimeout(run, delay);
    });
  };
  run();

  return {
    current: () => server,
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
