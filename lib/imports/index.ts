import "server-only";
import { hasLock } from "@/lib/lock/lock";
import { IMPORT_LOCKED_MESSAGE } from "@/lib/validation/lock-limits";
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { ImportReport, ImportStatus } from "@/lib/contract/imports";
import type { Db } from "@/lib/db/client";
import { imports } from "@/lib/db/schema";
import { ConflictError, NotFoundError, uniqueViolation } from "@/lib/errors";
import { parseId } from "@/lib/ids";
import { consumeAttempt, refundAttempt } from "@/lib/rate-limit";
import type { Storage } from "@/lib/storage";
import {
  IMPORT_NOT_FOUND_MESSAGE,
  IMPORT_STARTS_PER_DAY,
  IMPORT_STARTS_WINDOW_SECONDS,
  IMPORT_UNDER_WAY_MESSAGE,
} from "./limits";
import { importKey, importTempPath } from "./keys";
import { receiveZipUpload } from "./upload";
import { checkZip } from "./zip";

export { failAbandonedImports, failStaleImports, hasQueuedImports, runQueuedImports } from "./run";

// "Import from Day One" (docs/product.md "Yours to keep", docs/decisions/078): the ZIP is streamed
// to a temporary file while it arrives, checked there (a hostile one is a 4xx and nothing is
// created), copied to storage under `imports/<user id>/`, and read by the job worker (./run.ts).

type ImportRow = typeof imports.$inferSelect;

/** What a report made before docs/decisions/099 lacks, as it would have said it: nothing counted. */
const REPORTED_SINCE_099 = {
  locationsNotKept: { count: 0, items: [] },
  starsNotKept: { count: 0, items: [] },
} satisfies Partial<ImportReport>;

function toStatus(row: ImportRow): ImportStatus {
  return {
    id: row.id,
    state: row.state,
    processed: row.processed,
    total: row.total,
    createdAt: row.createdAt.toISOString(),
    report: row.report ? ({ ...REPORTED_SINCE_099, ...(row.report as Partial<ImportReport>) } as ImportReport) : null,
  };
}

async function assertNoneUnderWay({ db, userId }: { db: Db; userId: string }) {
  const [underWay] = await db
    .select({ id: imports.id })
    .from(imports)
    .where(and(eq(imports.userId, userId), inArray(imports.state, ["queued", "running"])));
  if (underWay) throw new ConflictError(IMPORT_UNDER_WAY_MESSAGE);
}

/**
 * POST /api/import: reads the upload (`req`'s body), checks it and queues it. One import under
 * way per person (409, the partial unique index settles a race), IMPORT_STARTS_PER_DAY a day
 * (429; a refused ZIP counts, it cost the reading). Both are decided before the body is read.
 */
export async function startImport({
  db,
  storage,
  userId,
  req,
  maxBytes,
}: {
  db: Db;
  storage: Storage;
  userId: string;
  req: Request;
  maxBytes: number;
}): Promise<ImportStatus> {
  if (await hasLock({ db, userId })) throw new ConflictError(IMPORT_LOCKED_MESSAGE);
  await assertNoneUnderWay({ db, userId });
  const limitKey = `import:${userId}`;
  await consumeAttempt({
    db,
    limit: { key: limitKey, max: IMPORT_STARTS_PER_DAY, windowSeconds: IMPORT_STARTS_WINDOW_SECONDS },
  });
  const id = randomUUID();
  const temp = importTempPath(id);
  try {
    await receiveZipUpload({ req, path: temp, maxBytes });
    await checkZip({ path: temp, maxBytes });
    const key = importKey({ userId, importId: id });
    await storage.putObjectStream({ key, body: createReadStream(temp), contentType: "application/zip" });
    try {
      const [row] = await db.insert(imports).values({ id, userId, storageKey: key }).returning();
      return toStatus(row!);
    } catch (err) {
      await storage.deleteObject({ key });
      if (uniqueViolation(err) === undefined) throw err;
      await refundAttempt({ db, key: limitKey });
      throw new ConflictError(IMPORT_UNDER_WAY_MESSAGE);
    }
  } finally {
    await fs.rm(temp, { force: true });
  }
}

/** GET /api/import/{id}: the owner's import; anyone else's, or none, is the same 404. */
export async function getImportStatus({
  db,
  userId,
  id: rawId,
}: {
  db: Db;
  userId: string;
  id: string;
}): Promise<ImportStatus> {
  const id = parseId({ value: rawId, message: IMPORT_NOT_FOUND_MESSAGE });
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.id, id), eq(imports.userId, userId)));
  if (!row) throw new NotFoundError(IMPORT_NOT_FOUND_MESSAGE);
  return toStatus(row);
}

/** GET /api/import: the person's latest import, or null (the card on /me/data shows it). */
export async function getLatestImport({ db, userId }: { db: Db; userId: string }): Promise<ImportStatus | null> {
  const [row] = await db
    .select()
    .from(imports)
    .where(eq(imports.userId, userId))
    .orderBy(desc(imports.createdAt))
    .limit(1);
  return row ? toStatus(row) : null;
}
