import "server-only";
import { and, inArray, isNotNull, lte, or, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { DEVICE_COOKIE_DAYS } from "@/lib/auth/devices";
import type { Db } from "@/lib/db/client";
import {
  emailChangeUndos,
  emailChanges,
  emailVerifications,
  idempotencyKeys,
  notMeLinks,
  passwordResets,
  photoUploads,
  pushHeartGroups,
  pushOutbox,
  rateLimits,
  sessions,
  trustedDevices,
  twoFactorChallenges,
  webauthnChallenges,
} from "@/lib/db/schema";
import { HEART_PUSH_INTERVAL_MINUTES } from "@/lib/push/limits";
import { PUSH_OPTIONS } from "@/lib/push/run";
import { LONGEST_WINDOW_SECONDS } from "@/lib/rate-limit";
import { IDEMPOTENCY_KEY_HOURS } from "@/lib/validation/idempotency-limits";
import { PHOTO_UPLOAD_HOURS } from "@/lib/journals/photo-upload-limits";

// Rows nothing can use any more (docs/decisions/033). Each function deletes in batches of
// `batchSize`, one short statement each, and returns how many rows went.

const PURGE_BATCH_SIZE = 1_000;

export interface PurgeInput {
  db: Db;
  /** The moment "expired" is measured against. */
  now: Date;
  batchSize?: number;
}

/**
 * Deletes the rows `dead` matches, `batchSize` at a time, until a batch comes back short. Rows a
 * request holds locked are skipped, not waited for, and `dead` is checked again on the row being
 * deleted, so one that a request has just renewed (a session extended, a window restarted) stays.
 */
async function deleteInBatches({
  db,
  table,
  key,
  dead,
  batchSize,
}: {
  db: Db;
  table: PgTable;
  key: PgColumn;
  dead: SQL;
  batchSize: number;
}) {
  let total = 0;
  for (;;) {
    const batch = db.select({ key }).from(table).where(dead).limit(batchSize).for("update", { skipLocked: true });
    const { rowCount } = await db.delete(table).where(and(inArray(key, batch), dead));
    total += rowCount ?? 0;
    if ((rowCount ?? 0) < batchSize) return total;
  }
}

/** Sessions past their expiry: a request with their token is already refused (lib/auth/sessions.ts). */
export function purgeExpiredSessions({ db, now, batchSize = PURGE_BATCH_SIZE }: PurgeInput) {
  return deleteInBatches({ db, table: sessions, key: sessions.id, dead: lte(sessions.expiresAt, now), batchSize });
}

/** Password-reset links used or expired: either way the link is refused (lib/auth/password-reset.ts). */
export function purgeSpentPasswordResets({ db, now, batchSize = PURGE_BATCH_SIZE }: PurgeInput) {
  const dead = or(isNotNull(passwordResets.usedAt), lte(passwordResets.expiresAt, now))!;
  return deleteInBatches({ db, table: passwordResets, key: passwordResets.tokenHash, dead, batchSize });
}

/** Email-verification links used or expired (lib/auth/email-verification.ts). */
export function purgeSpentEmailVerifications({ db, now, batchSize = PURGE_BATCH_SIZE }: PurgeInput) {
  const dead = or(isNotNull(emailVerifications.usedAt), lte(emailVerifications.expiresAt, now))!;
  return deleteInBatches({ db, table: emailVerifications, key: emailVerifications.tokenHash, dead, batchSize });
}

/** Address changes confirmed or expired, and their undo links used or expired (lib/auth/email-change.ts), counted together. */
export async function purgeSpentEmailChanges({ db, now, batchSize = PURGE_BATCH_SIZE }: PurgeInput) {
  const dead = or(isNotNull(emailChanges.usedAt), lte(emailChanges.expiresAt, now))!;
  const deadUndos = or(isNotNull(emailChangeUndos.usedAt), lte(emailChangeUndos.expiresAt, now))!;
  return (
    (await deleteInBatches({ db, table: emailChanges, key: emailChanges.tokenHash, dead, batchSize })) +
    (await deleteInBatches({
      db,
      table: emailChangeUndos,
      key: emailChangeUndos.tokenHash,
      dead: deadUndos,
      batchSize,
    }))
  );
}

/** "This was not me" links used or expired (lib/auth/not-me.ts, docs/decisions/101). */
export function purgeSpentNotMeLinks({ db, now, batchSize = PURGE_BATCH_SIZE }: PurgeInput) {
  const dead = or(isNotNull(notMeLinks.usedAt), lte(notMeLinks.expiresAt, now))!;
  return deleteInBatches({ db, table: notMeLinks, key: notMeLinks.tokenHash, dead, batchSize });
}

/** Second steps of sign-ins finished or expired (lib/auth/two-factor-challenge.ts). */
export function purgeSpentTwoFactorChallenges({ db, now, batchSize = PURGE_BATCH_SIZE }: PurgeInput) {
  const dead = or(isNotNull(twoFactorChallenges.usedAt), lte(twoFactorChallenges.expiresAt, now))!;
  return deleteInBatches({ db, table: twoFactorChallenges, key: twoFactorChallenges.tokenHash, dead, batchSize });
}

/** Passkey challenges never answered in their 5 minutes (an answered one is deleted then, lib/auth/passkeys.ts). */
export function purgeExpiredPasskeyChallenges({ db, now, batchSize = PURGE_BATCH_SIZE }: PurgeInput) {
  return deleteInBatches({
    db,
    table: webauthnChallenges,
    key: webauthnChallenges.challenge,
    dead: lte(webauthnChallenges.expiresAt, now),
    batchSize,
  });
}

/**
 * Rate-limit counters whose window is over for every limit: the next attempt would start a new
 * window anyway (lib/rate-limit). A window still running, even the longest, keeps its count.
 */
export function purgeStaleRateLimits({ db, now, batchSize = PURGE_BATCH_SIZE }: PurgeInput) {
  const cutoff = new Date(now.getTime() - LONGEST_WINDOW_SECONDS * 1000);
  return deleteInBatches({
    db,
    table: rateLimits,
    key: rateLimits.key,
    dead: lte(rateLimits.windowStart, cutoff),
    batchSize,
  });
}

/**
 * Trusted devices whose cookie has expired: it is set once, for DEVICE_COOKIE_DAYS, and never
 * renewed (lib/auth/devices.ts), so no browser can name the device any more.
 */
export function purgeExpiredTrustedDevices({ db, now, batchSize = PURGE_BATCH_SIZE }: PurgeInput) {
  const cutoff = new Date(now.getTime() - DEVICE_COOKIE_DAYS * 24 * 60 * 60 * 1000);
  return deleteInBatches({
    db,
    table: trustedDevices,
    key: trustedDevices.tokenHash,
    dead: lte(trustedDevices.createdAt, cutoff),
    batchSize,
  });
}

/**
 * The push job's rows nothing will use (docs/decisions/082): outbox rows older than the longest TTL,
 * which the job would not push any more (left where no instance runs the job), and heart groups
 * whose hour is over.
 */
export async function purgeStalePushRows({ db, now, batchSize = PURGE_BATCH_SIZE }: PurgeInput) {
  const longestTtlMs = Math.max(...Object.values(PUSH_OPTIONS).map((o) => o.ttl)) * 1000;
  const outbox = await deleteInBatches({
    db,
    table: pushOutbox,
    key: pushOutbox.notificationId,
    dead: lte(pushOutbox.createdAt, new Date(now.getTime() - longestTtlMs)),
    batchSize,
  });
  const groups = await deleteInBatches({
    db,
    table: pushHeartGroups,
    key: pushHeartGroups.journalId,
    dead: lte(pushHeartGroups.pushedAt, new Date(now.getTime() - HEART_PUSH_INTERVAL_MINUTES * 60 * 1000)),
    batchSize,
  });
  return outbox + groups;
}

/**
 * Idempotency keys older than IDEMPOTENCY_KEY_HOURS (docs/decisions/081): a retry that late is a new
 * request. The batch is chosen by key and checked again by age, so another person's younger row of the same key stays.
 */
export function purgeOldIdempotencyKeys({ db, now, batchSize = PURGE_BATCH_SIZE }: PurgeInput) {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * 60 * 60 * 1000);
  return deleteInBatches({
    db,
    table: idempotencyKeys,
    key: idempotencyKeys.key,
    dead: lte(idempotencyKeys.createdAt, cutoff),
    batchSize,
  });
}

/**
 * Photos uploaded for a page and never saved with it, past their PHOTO_UPLOAD_HOURS (docs/decisions/133):
 * no save can name them any more. Their files, held by nothing now, go with the orphan sweep.
 */
export async function purgeExpiredPhotoUploads({ db, now, batchSize = PURGE_BATCH_SIZE }: PurgeInput) {
  return deleteInBatches({
    db,
    table: photoUploads,
    key: photoUploads.id,
    dead: lte(photoUploads.createdAt, new Date(now.getTime() - PHOTO_UPLOAD_HOURS * 3_600_000)),
    batchSize,
  });
}
