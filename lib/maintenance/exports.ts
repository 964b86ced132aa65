import "server-only";
import { and, eq, inArray, lte, or } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { exports } from "@/lib/db/schema";
import { EXPORT_KEEP_HOURS } from "@/lib/exports/limits";
import type { Storage } from "@/lib/storage";

// Exports past their time (docs/decisions/074): a ready one once it expires, a failed one a day
// after it was asked for. The file goes first, then the row, so no row ever names a file that is
// gone while it still offers a download; a file whose deletion failed is tried again next pass.

const EXPORT_BATCH_SIZE = 100;

/** Deletes expired exports' files and rows; returns how many exports went. */
export async function purgeExpiredExports({
  db,
  storage,
  now,
  batchSize = EXPORT_BATCH_SIZE,
}: {
  db: Db;
  storage: Storage;
  now: Date;
  batchSize?: number;
}) {
  const failedBefore = new Date(now.getTime() - EXPORT_KEEP_HOURS * 60 * 60 * 1000);
  const dead = or(
    and(eq(exports.state, "ready"), lte(exports.expiresAt, now)),
    and(eq(exports.state, "failed"), lte(exports.createdAt, failedBefore)),
  )!;
  let total = 0;
  for (;;) {
    const batch = await db
      .select({ id: exports.id, key: exports.storageKey })
      .from(exports)
      .where(dead)
      .limit(batchSize);
    for (const { key } of batch) if (key) await storage.deleteObject({ key });
    if (batch.length)
      await db.delete(exports).where(
        and(
          inArray(
            exports.id,
            batch.map((b) => b.id),
          ),
          dead,
        ),
      );
    total += batch.length;
    if (batch.length < batchSize) return total;
  }
}
