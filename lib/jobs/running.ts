// The job system running in this process, kept on globalThis: instrumentation.ts starts it inside
// Next's bundle and server/server.ts, compiled apart, stops it at shutdown, before the database
// goes (docs/decisions/061). No imports, so both sides can load it.

interface RunningJobs {
  stop(): Promise<void>;
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
