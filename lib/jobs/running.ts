// The job system running in this process, kept on globalThis: instrumentation.ts starts it inside
// Next's bundle and server/server.ts, compiled apart, stops it at shutdown, before the database
// goes (docs/decisions/061). No imports, so both sides can load it.

/** The exports queue (lib/jobs/index.ts), named here so a route can wake it without loading pg-boss. */
export const EXPORTS_QUEUE = "exports";
/** The imports queue (lib/jobs/index.ts, docs/decisions/078), named here for the same reason. */
export const IMPORTS_QUEUE = "imports";

/** The push queue (lib/jobs/index.ts, docs/decisions/082): woken by whatever makes a notification. */
export const PUSH_QUEUE = "push";

interface RunningJobs {
  stop(): Promise<void>;
  /** Files a job on `queue` at once (an export just asked for), so a worker takes it without waiting for the schedule. */
  wake(queue: string): Promise<void>;
}

const store = globalThis as unknown as { inkwellJobs?: RunningJobs };

export function setRunningJobs(jobs: RunningJobs | undefined): void {
  store.inkwellJobs = jobs;
}

export function runningJobs(): RunningJobs | undefined {
  return store.inkwellJobs;
}

/** Stops the job system if it runs here; never throws (a shutdown goes on regardless). */
export async function stopRunningJobs(): Promise<void> {
  const jobs = store.inkwellJobs;
  store.inkwellJobs = undefined;
  await jobs?.stop().catch(() => undefined);
}

/**
 * Wakes `queue`'s workers if the job system runs here. Where it does not (BACKGROUND_JOBS=off),
 * the queue's every-minute schedule on an instance that runs it finds the work instead. Never throws.
 */
export async function wakeJobs(queue: string): Promise<void> {
  await store.inkwellJobs?.wake(queue).catch(() => undefined);
}
