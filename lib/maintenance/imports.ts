import "server-only";
import { and, inArray, isNotNull, lte, or } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { imports } from "@/lib/db/schema";
import { IMPORT_ZIP_KEEP_HOURS } from "@/lib/imports/limits";
import type { Storage } from "@/lib/storage";

// Uploaded ZIPs past their use (docs/decisions/078): the job deletes an import's ZIP when it ends;
// this removes any it could not (a crash, a storage fault), and any import still queued or
// running IMPORT_ZIP_KEEP_HOURS after its upload is failed and loses its ZIP too. The report stays.

const IMPORT_BATCH_SIZE = 100;

/** Deletes finished, failed and overdue imports' ZIPs; returns how many went. */
export async function purgeImportFiles({ db, storage, now, batchSize = IMPORT_BATCH_SIZE }: { db: Db; storage: Storage; now: Date; batchSize?: number }) {
  const overdue = new Date(now.getTime() - IMPORT_ZIP_KEEP_HOURS * 60 * 60 * 1000);
  await db
    .update(imports)
    .set({ state: "failed", finishedAt: now, updatedAt: now })
    .where(and(inArray(imports.state, ["queued", "running"]), lte(imports.createdAt, overdue)));
  const spent = and(isNotNull(imports.storageKey), or(inArray(imports.state, ["done", "failed"]), lte(imports.createdAt, overdue)))!;
  let total = 0;
  for (;;) {
    const batch = await db.select({ id: imports.id, key: imports.storageKey }).from(imports).where(spent).limit(batchSize);
    for (const { key } of batch) if (key) await storage.deleteObject({ key });
    if (batch.length) await db.update(imports).set({ storageKey: null }).where(and(inArray(imports.id, batch.map((b) => b.id)), spent));
    total += batch.length;
    if (batch.length < batchSize) return total;
  }
}
