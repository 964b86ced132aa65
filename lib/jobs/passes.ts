import "server-only";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { runQueuedExports } from "@/lib/exports";
import { runQueuedImports } from "@/lib/imports";
import { sendMail } from "@/lib/mail";
import { getStorage } from "@/lib/storage";
import type { JobKind, JobRunCounts } from "./job-protocol";

// One pass of the imports or exports job through the configured database, storage and mail, as
// the job process runs it (server/job-runner.ts, docs/decisions/093). `claimed` hears of each
// import or export as it is taken.

export async function runJobPass({
  kind,
  claimed,
}: {
  kind: JobKind;
  claimed: (id: string) => Promise<void>;
}): Promise<JobRunCounts> {
  const [db, storage] = [getDb(), getStorage()];
  if (kind === "imports") {
    const run = await runQueuedImports({ db, storage, claimed });
    return { finished: run.done, failed: run.failed };
  }
  const run = await runQueuedExports({ db, storage, appUrl: config().APP_URL, send: sendMail, claimed });
  return { finished: run.ready, failed: run.failed };
}
