import "server-only";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, inArray, isNotNull, lte, or } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { imports } from "@/lib/db/schema";
import { isImportTempName } from "@/lib/imports/keys";
import { IMPORT_ZIP_KEEP_HOURS } from "@/lib/imports/limits";
import type { Storage } from "@/lib/storage";

// Uploaded ZIPs past their use (docs/decisions/078): the job deletes an import's ZIP when it ends;
// this removes any it could not (a crash, a storage fault), and any import still queued or
// running IMPORT_ZIP_KEEP_HOURS after its upload is failed and loses its ZIP too. The report stays.

const IMPORT_BATCH_SIZE = 100;

/** Temporary copies of ZIPs this host's temp folder still holds past IMPORT_ZIP_KEEP_HOURS: a process that died while checking or reading one. */
async function purgeImportTempFiles({ before, tempDir }: { before: Date; tempDir: string }) {
  for (const name of await fs.readdir(tempDir).catch(() => [])) {
    if (!isImportTempName(name)) continue;
    const file = path.join(tempDir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && stat.mtime < before) await fs.rm(file, { force: true });
  }
}

/** Deletes finished, failed and overdue imports' ZIPs (and this host's stale temporary copies); returns how many stored ZIPs went. */
export async function purgeImportFiles({
  db,
  storage,
  now,
  batchSize = IMPORT_BATCH_SIZE,
  tempDir = os.tmpdir(),
}: {
  db: Db;
  storage: Storage;
  now: Date;
  batchSize?: number;
  tempDir?: string;
}) {
  const overdue = new Date(now.getTime() - IMPORT_ZIP_KEEP_HOURS * 60 * 60 * 1000);
  await purgeImportTempFiles({ before: overdue, tempDir });
  await db
    .update(imports)
    .set({ state: "failed", finishedAt: now, updatedAt: now })
    .where(and(inArray(imports.state, ["queued", "running"]), lte(imports.createdAt, overdue)));
  const spent = and(
    isNotNull(imports.storageKey),
    or(inArray(imports.state, ["done", "failed"]), lte(imports.createdAt, overdue)),
  )!;
  let total = 0;
  for (;;) {
    const batch = await db
      .select({ id: imports.id, key: imports.storageKey })
      .from(imports)
      .where(spent)
      .limit(batchSize);
    for (const { key } of batch) if (key) await storage.deleteObject({ key });
    if (batch.length)
      await db
        .update(imports)
        .set({ storageKey: null })
        .where(
          and(
            inArray(
              imports.id,
              batch.map((b) => b.id),
            ),
            spent,
          ),
        );
    total += batch.length;
    if (batch.length < batchSize) return total;
  }
}
