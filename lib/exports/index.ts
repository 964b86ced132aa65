import "server-only";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { exports, users } from "@/lib/db/schema";
import type { ExportStatus } from "@/lib/contract/exports";
import { ConflictError, NotFoundError, uniqueViolation } from "@/lib/errors";
import { parseId } from "@/lib/ids";
import { logError } from "@/lib/log";
import type { MailMessage } from "@/lib/mail/transports";
import { consumeAttempt, refundAttempt } from "@/lib/rate-limit";
import { signExportUrl, verifyExportQuery } from "@/lib/signed-urls";
import type { Storage, StoredStream } from "@/lib/storage";
import { buildExport } from "./build";
import {
  EXPORT_EXPIRED_MESSAGE,
  EXPORT_KEEP_HOURS,
  EXPORT_NOT_FOUND_MESSAGE,
  EXPORT_STARTS_PER_DAY,
  EXPORT_STARTS_WINDOW_SECONDS,
  EXPORT_UNDER_WAY_MESSAGE,
} from "./limits";
import { exportReadyMail } from "./mail";

// "Export everything" (docs/product.md "Yours to keep", docs/decisions/074): a person asks, the
// job worker (lib/jobs) writes the ZIP into storage, a mail says it is ready, and a URL signed
// for its owner downloads it until it expires; housekeeping then removes it (lib/maintenance).

type ExportRow = typeof exports.$inferSelect;

const HOUR_MS = 60 * 60 * 1000;
/** A running export whose row has not moved in this long lost its worker (a crash, a deploy): it is failed, and may be started again. */
export const EXPORT_STALE_MS = 10 * 60 * 1000;

function exportKey({ userId, exportId }: { userId: string; exportId: string }): string {
  return `exports/${userId}/${exportId}.zip`;
}

const downloadPath = (id: string) => `/api/export/${id}/download`;

/** What GET /api/export/{id} answers for a row at `now`. */
async function toStatus({ db, row, now }: { db: Db; row: ExportRow; now: Date }): Promise<ExportStatus> {
  const expired = row.state === "ready" && row.expiresAt !== null && row.expiresAt <= now;
  const state = expired ? "expired" : row.state;
  const progress =
    row.state === "ready" ? 1 : row.entriesTotal ? Math.min(1, row.stepsDone / (2 * row.entriesTotal)) : 0;
  const status: ExportStatus = {
    id: row.id,
    state,
    progress,
    entries: row.entriesTotal,
    createdAt: row.createdAt.toISOString(),
  };
  if (row.state === "ready" && row.expiresAt) status.expiresAt = row.expiresAt.toISOString();
  if (state === "ready" && row.storageKey && row.expiresAt) {
    status.url = await signExportUrl({
      db,
      path: downloadPath(row.id),
      id: row.id,
      version: row.storageKey,
      viewerId: row.userId,
      expiresAt: row.expiresAt,
    });
  }
  return status;
}

/**
 * POST /api/export: a new export, queued for the worker. One under way per person (the partial
 * unique index decides a race: 409); EXPORT_STARTS_PER_DAY starts a day (429), a refused start not counted.
 */
export async function startExport({
  db,
  userId,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  now?: Date;
}): Promise<ExportStatus> {
  const [underWay] = await db
    .select({ id: exports.id })
    .from(exports)
    .where(and(eq(exports.userId, userId), inArray(exports.state, ["queued", "running"])));
  if (underWay) throw new ConflictError(EXPORT_UNDER_WAY_MESSAGE);
  const limitKey = `export:${userId}`;
  await consumeAttempt({
    db,
    limit: { key: limitKey, max: EXPORT_STARTS_PER_DAY, windowSeconds: EXPORT_STARTS_WINDOW_SECONDS },
  });
  try {
    const [row] = await db.insert(exports).values({ userId }).returning();
    return toStatus({ db, row: row!, now });
  } catch (err) {
    if (uniqueViolation(err) === undefined) throw err;
    await refundAttempt({ db, key: limitKey });
    throw new ConflictError(EXPORT_UNDER_WAY_MESSAGE);
  }
}

/** GET /api/export/{id}: the owner's export; anyone else's, or none, is the same 404. */
export async function getExportStatus({
  db,
  userId,
  id: rawId,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  id: string;
  now?: Date;
}): Promise<ExportStatus> {
  const id = parseId({ value: rawId, message: EXPORT_NOT_FOUND_MESSAGE });
  const [row] = await db
    .select()
    .from(exports)
    .where(and(eq(exports.id, id), eq(exports.userId, userId)));
  if (!row) throw new NotFoundError(EXPORT_NOT_FOUND_MESSAGE);
  return toStatus({ db, row, now });
}

/** GET /api/export: the person's latest export, or null (the card on /me/data shows it). */
export async function getLatestExport({
  db,
  userId,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  now?: Date;
}): Promise<ExportStatus | null> {
  const [row] = await db
    .select()
    .from(exports)
    .where(eq(exports.userId, userId))
    .orderBy(desc(exports.createdAt))
    .limit(1);
  return row ? toStatus({ db, row, now }) : null;
}

/**
 * GET /api/export/{id}/download: the ZIP, for the URL's signer (or, with no signature, the
 * session's person, `sessionUserId` asked for only then). Only the owner's ready export opens;
 * a bad or expired signature, someone else's export or none is a 404, an expired export a 410.
 */
export async function openExportDownload({
  db,
  storage,
  id: rawId,
  query,
  sessionUserId,
  now = new Date(),
}: {
  db: Db;
  storage: Storage;
  id: string;
  query: URLSearchParams;
  sessionUserId: () => Promise<string>;
  now?: Date;
}): Promise<StoredStream & { name: string }> {
  const signed = ["u", "e", "s"].some((name) => query.has(name));
  // Unsigned, the session speaks: a 401 without one, before anything else is looked at.
  const sessionViewer = signed ? null : await sessionUserId();
  const id = parseId({ value: rawId, message: EXPORT_NOT_FOUND_MESSAGE });
  const [row] = await db.select().from(exports).where(eq(exports.id, id));
  const maxLifetimeSeconds = EXPORT_KEEP_HOURS * 3600 + 60;
  const version = row?.storageKey ?? "";
  const viewerId =
    sessionViewer ??
    (await verifyExportQuery({ db, id, version, query, maxLifetimeSeconds, notFound: EXPORT_NOT_FOUND_MESSAGE }));
  if (!row || row.userId !== viewerId || row.state !== "ready" || !row.storageKey || !row.expiresAt)
    throw new NotFoundError(EXPORT_NOT_FOUND_MESSAGE);
  if (row.expiresAt <= now) throw new NotFoundError(EXPORT_EXPIRED_MESSAGE);
  const file = await storage.getObjectStream({ key: row.storageKey });
  if (!file) throw new NotFoundError(EXPORT_NOT_FOUND_MESSAGE);
  return { ...file, name: `inkwell-export-${row.createdAt.toISOString().slice(0, 10)}.zip` };
}

/** Takes the oldest queued export for this worker, or null; another worker's claim is skipped, never waited for. */
async function claimQueuedExport({ db }: { db: Db }): Promise<ExportRow | null> {
  const { rows } = await db.execute<{ id: string }>(sql`
    update exports set state = 'running', updated_at = now()
    where id = (select id from exports where state = 'queued' order by created_at limit 1 for update skip locked)
    returning id`);
  if (!rows[0]) return null;
  const [row] = await db.select().from(exports).where(eq(exports.id, rows[0].id));
  return row ?? null;
}

/** Whether any export waits to be built: the server starts a job process only then (lib/jobs/job-process.ts). */
export async function hasQueuedExports({ db }: { db: Db }): Promise<boolean> {
  const [row] = await db.select({ id: exports.id }).from(exports).where(eq(exports.state, "queued")).limit(1);
  return row !== undefined;
}

/** Fails exports whose worker went away mid-way, so their owners may start again. */
export async function failStaleExports({ db, now }: { db: Db; now: Date }): Promise<number> {
  const { rowCount } = await db
    .update(exports)
    .set({ state: "failed", finishedAt: now, updatedAt: now })
    .where(and(eq(exports.state, "running"), lt(exports.updatedAt, new Date(now.getTime() - EXPORT_STALE_MS))));
  return rowCount ?? 0;
}

export interface ExportRun {
  ready: number;
  failed: number;
}

/**
 * One pass of the exports job: builds queued exports one after the other until none is left,
 * and mails each owner once theirs is ready. A failed one is marked failed (its partial file
 * removed); the log says which export, never its content. `claimed` hears of each export as it is
 * taken: the job's own process tells the server, which fails the export if the process dies with
 * it (lib/jobs/job-process.ts, docs/decisions/093).
 */
export async function runQueuedExports({
  db,
  storage,
  appUrl,
  send,
  now = () => new Date(),
  claimed,
}: {
  db: Db;
  storage: Storage;
  appUrl: string;
  send: (message: MailMessage) => Promise<void>;
  now?: () => Date;
  claimed?: (id: string) => Promise<void>;
}): Promise<ExportRun> {
  const run: ExportRun = { ready: 0, failed: 0 };
  await failStaleExports({ db, now: now() });
  for (let row = await claimQueuedExport({ db }); row; row = await claimQueuedExport({ db })) {
    await claimed?.(row.id);
    const key = exportKey({ userId: row.userId, exportId: row.id });
    try {
      await buildExport({ db, storage, exportId: row.id, userId: row.userId, key, now: now() });
      const finished = now();
      const expiresAt = new Date(finished.getTime() + EXPORT_KEEP_HOURS * HOUR_MS);
      await db
        .update(exports)
        .set({ state: "ready", storageKey: key, finishedAt: finished, expiresAt, updatedAt: finished })
        .where(eq(exports.id, row.id));
      run.ready += 1;
      const [owner] = await db
        .select({ name: users.name, email: users.email, locale: users.browserLanguage })
        .from(users)
        .where(eq(users.id, row.userId));
      if (owner)
        await send(
          exportReadyMail({ locale: owner.locale, to: owner.email, name: owner.name, appUrl, expiresAt }),
        ).catch((err: unknown) => logError("exports", "An export-ready mail could not be sent", err));
    } catch (err) {
      logError("exports", `Export ${row.id} failed`, err);
      run.failed += 1;
      await storage.deleteObject({ key }).catch(() => undefined);
      await db
        .update(exports)
        .set({ state: "failed", finishedAt: now(), updatedAt: now() })
        .where(eq(exports.id, row.id));
    }
  }
  return run;
}

/** Fails exports the job's process took and did not finish because it died (lib/jobs/job-process.ts), with any partial file. Returns how many. */
export async function failAbandonedExports({
  db,
  storage,
  ids,
}: {
  db: Db;
  storage: Storage;
  ids: string[];
}): Promise<number> {
  let failed = 0;
  for (const id of ids) {
    const now = new Date();
    const [row] = await db
      .update(exports)
      .set({ state: "failed", finishedAt: now, updatedAt: now })
      .where(and(eq(exports.id, id), eq(exports.state, "running")))
      .returning();
    if (!row) continue;
    failed += 1;
    await storage.deleteObject({ key: exportKey({ userId: row.userId, exportId: id }) }).catch(() => undefined);
  }
  return failed;
}
