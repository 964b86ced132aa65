import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { getLatestExport, startExport } from "@/lib/exports";
import { json, otherMethods, route } from "@/lib/http/respond";
import { EXPORTS_QUEUE, wakeJobs } from "@/lib/jobs/running";

// "Export everything" (docs/decisions/074): the ZIP is written by the job worker, never here.
export const POST = route(async (req) => {
  const { user } = await requireUser(req);
  const started = await startExport({ db: getDb(), userId: user.id });
  await wakeJobs(EXPORTS_QUEUE);
  return json(started, { status: 202 });
});

export const GET = route(async (req) => {
  const { user } = await requireUser(req);
  return json({ export: await getLatestExport({ db: getDb(), userId: user.id }) });
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
