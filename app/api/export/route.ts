import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { getLatestExport, startExport } from "@/lib/exports";
import { json, otherMethods } from "@/lib/http/respond";
import { EXPORTS_QUEUE, wakeJobs } from "@/lib/jobs/running";

// "Export everything" (docs/decisions/074): the ZIP is written by the job worker, never here.
export const POST = handle("POST /api/export", async ({ user }) => {
  const started = await startExport({ db: getDb(), userId: user.id });
  await wakeJobs(EXPORTS_QUEUE);
  return json(started, { status: 202 });
});

export const GET = handle("GET /api/export", async ({ user }) => {
  return json({ export: await getLatestExport({ db: getDb(), userId: user.id }) });
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
