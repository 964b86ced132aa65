import { handle } from "@/lib/api/handle";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { getLatestImport, startImport } from "@/lib/imports";
import { json, otherMethods } from "@/lib/http/respond";
import { IMPORTS_QUEUE, wakeJobs } from "@/lib/jobs/running";
import { getStorage } from "@/lib/storage";

// "Import from Day One" (docs/decisions/078): the ZIP is streamed to disk and checked here; its
// journals are read by the job worker, never here.
export const POST = handle("POST /api/import", async ({ user, req }) => {
  const started = await startImport({
    db: getDb(),
    storage: getStorage(),
    userId: user.id,
    req,
    maxBytes: config().IMPORT_MAX_BYTES,
  });
  await wakeJobs(IMPORTS_QUEUE);
  return json(started, { status: 202 });
});

export const GET = handle("GET /api/import", async ({ user }) => {
  return json({ import: await getLatestImport({ db: getDb(), userId: user.id }) });
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
