import "server-only";
import { config } from "@/lib/config";
import { logError } from "@/lib/log";
import { getStorage } from "@/lib/storage";
import { describeMaintenance, runMaintenance, type MaintenanceResult } from "./run";

// Housekeeping inside the app (docs/decisions/033): every instance schedules a pass, the advisory
// lock lets one of them work at a time. The first pass waits a whole interval, so a server that
// has just started (or keeps restarting) spends nothing on it.

/** Each wait is the interval plus up to this share of it, so instances started together drift apart. */
const JITTER = 0.1;

interface MaintenanceJob {
  stop(): void;
}

/** Runs `run` every `intervalMinutes` (plus jitter), one pass after the other, logging one line each. */
export function startMaintenanceJob({
  intervalMinutes,
  run,
  log = (line) => console.log(line),
}: {
  intervalMinutes: number;
  run: () => Promise<MaintenanceResult>;
  log?: (line: string) => void;
}): MaintenanceJob {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(tick, intervalMinutes * 60_000 * (1 + JITTER * Math.random()));
    // Never what keeps the process alive: a server shutting down does not wait for housekeeping.
    timer.unref();
  };
  const tick = async () => {
    try {
      log(`[maintenance] ${describeMaintenance(await run())}`);
    } catch (err) {
      logError("maintenance", "Housekeeping failed", err);
    }
    schedule();
  };
  schedule();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

const store = globalThis as unknown as { inkwellMaintenance?: MaintenanceJob };

/** The job as the settings ask (MAINTENANCE_INTERVAL_MINUTES, 0 = off), once per process. */
export function startConfiguredMaintenanceJob(): void {
  const { MAINTENANCE_INTERVAL_MINUTES: intervalMinutes, DATABASE_URL: databaseUrl } = config();
  if (store.inkwellMaintenance || !intervalMinutes || !databaseUrl) return;
  store.inkwellMaintenance = startMaintenanceJob({
    intervalMinutes,
    run: () => runMaintenance({ databaseUrl, storage: getStorage() }),
  });
}
