import { JOB_KINDS, type JobKind, type JobMessage } from "../lib/jobs/job-protocol";
import { runJobPass } from "../lib/jobs/passes";
import { logError } from "../lib/log";

// The job process (docs/decisions/093): one pass of the imports or the exports job, started by the
// server for each (lib/jobs/job-process.ts) with a heap limit of its own, so an import or export
// that needs more memory than it may use ends this process and never the server. It has the
// server's environment (lib/config reads it), tells the server on the IPC channel what it takes
// and what the pass counted, and exits. Compiled by server/app-process.ts, run by plain `node`.

const kind = process.argv[2] as JobKind;

function tell(message: JobMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) return reject(new Error("The job process was started without an IPC channel"));
    process.send(message, undefined, {}, (err) => (err ? reject(err) : resolve()));
  });
}

// The server went away (its shutdown stops this process first; a crash does not): nobody would
// hear what this process does, and the import or export it holds is failed as stale in time.
process.on("disconnect", () => process.exit(1));
// Logged without their content (lib/log.ts), as instrumentation.ts does in the server.
process.on("unhandledRejection", (reason) => logError("process", "unhandledRejection", reason));
process.on("uncaughtException", (err) => {
  logError("process", "uncaughtException", err);
  process.exit(1);
});

async function main() {
  if (!JOB_KINDS.includes(kind)) throw new Error(`Unknown job: ${String(kind).slice(0, 40)}`);
  const counts = await runJobPass({ kind, claimed: (id) => tell({ type: "claimed", id }) });
  await tell({ type: "finished", counts });
  // The database pool and the image workers would keep the process alive.
  process.exit(0);
}

main().catch((err: unknown) => {
  logError("jobs", `The ${kind} pass failed`, err);
  process.exit(1);
});
