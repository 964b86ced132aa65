import "server-only";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "@/lib/db/schema";
import type { Storage } from "@/lib/storage";
import { foldPastReads } from "@/lib/journals/reads";
import { purgeOldVersions } from "@/lib/journals/versions";
import { deleteDueAccounts } from "@/lib/users/account-deletion";
import { purgeExpiredExports } from "./exports";
import { purgeImportFiles } from "./imports";
import { purgeOrphanPhotos } from "./photos";
import {
  purgeExpiredPasskeyChallenges,
  purgeExpiredSessions,
  purgeExpiredTrustedDevices,
  purgeOldIdempotencyKeys,
  purgeSpentEmailChanges,
  purgeSpentEmailVerifications,
  purgeSpentNotMeLinks,
  purgeSpentTwoFactorChallenges,
  purgeSpentPasswordResets,
  purgeStalePushRows,
  purgeExpiredPhotoUploads,
  purgeStaleRateLimits,
} from "./rows";

// One housekeeping pass (docs/decisions/033), for the in-app job and `npm run maintenance` alike.

/** Any constant shared by every instance, other than the migrations' (lib/db/migrate.ts). */
export const MAINTENANCE_LOCK_ID = 7_240_302;

export interface MaintenanceCounts {
  sessions: number;
  passwordResets: number;
  emailVerifications: number;
  emailChanges: number;
  /** "This was not me" links used or expired (docs/decisions/101). */
  notMeLinks: number;
  twoFactorChallenges: number;
  /** Passkey ceremonies never finished (docs/decisions/079). */
  passkeyChallenges: number;
  rateLimits: number;
  trustedDevices: number;
  /** Push notifications no longer worth sending, and heart groups whose hour is over (docs/decisions/082). */
  pushRows: number;
  photoUploads: number;
  /** Idempotency keys of entry writes past their 24 hours (docs/decisions/081). */
  idempotencyKeys: number;
  photos: number;
  /** Earlier versions and Recently deleted pages past their 30 days (docs/decisions/127). */
  versions: number;
  /** Accounts whose owner asked to delete them and whose grace is over (docs/decisions/075). */
  accounts: number;
  /** Finished exports past their 24 hours, and failed ones, with their files (docs/decisions/074). */
  exports: number;
  /** Uploaded ZIPs of imports that ended, failed or are overdue (docs/decisions/078). */
  importFiles: number;
  /** Read rows of past days moved into their entries' reads_count (lib/journals/reads.ts). */
  readsFolded: number;
}

export type MaintenanceResult = { status: "done"; counts: MaintenanceCounts; ms: number } | { status: "skipped" };

/**
 * Runs every purge once, then folds past days' reads, unless another pass holds the lock (then it reports "skipped" at once).
 * It works on a connection of its own, outside the app's pool, so requests never wait for it; the
 * session-level advisory lock goes with that connection if the process dies.
 */
export async function runMaintenance({
  databaseUrl,
  storage,
  now = new Date(),
}: {
  databaseUrl: string;
  storage: Storage;
  now?: Date;
}): Promise<MaintenanceResult> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "inkwell-maintenance" });
  // A connection lost mid-pass also fails the query under way, which is what reports it; without
  // a listener the client's own error event would bring the whole server down.
  client.on("error", () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [
      MAINTENANCE_LOCK_ID,
    ]);
    if (!rows[0]?.locked) return { status: "skipped" };
    try {
      const started = Date.now();
      const db = drizzle(client, { schema });
      const counts: MaintenanceCounts = {
        sessions: await purgeExpiredSessions({ db, now }),
        passwordResets: await purgeSpentPasswordResets({ db, now }),
        emailVerifications: await purgeSpentEmailVerifications({ db, now }),
        emailChanges: await purgeSpentEmailChanges({ db, now }),
        notMeLinks: await purgeSpentNotMeLinks({ db, now }),
        twoFactorChallenges: await purgeSpentTwoFactorChallenges({ db, now }),
        passkeyChallenges: await purgeExpiredPasskeyChallenges({ db, now }),
        rateLimits: await purgeStaleRateLimits({ db, now }),
        trustedDevices: await purgeExpiredTrustedDevices({ db, now }),
        pushRows: await purgeStalePushRows({ db, now }),
        photoUploads: await purgeExpiredPhotoUploads({ db, now }),
        idempotencyKeys: await purgeOldIdempotencyKeys({ db, now }),
        // Before the orphans: their photos then go in this pass.
        versions: await purgeOldVersions({ db, now }),
        // Before the orphans: a deleted account's photos go with it, not a pass later.
        accounts: await deleteDueAccounts({ db, storage, now }),
        photos: await purgeOrphanPhotos({ db, storage, now }),
        exports: await purgeExpiredExports({ db, storage, now }),
        importFiles: await purgeImportFiles({ db, storage, now }),
        readsFolded: await foldPastReads({ db }),
      };
      return { status: "done", counts, ms: Date.now() - started };
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MAINTENANCE_LOCK_ID]);
    }
  } finally {
    await client.end();
  }
}

/** One line for the log: counts only, never a key or a token. */
export function describeMaintenance(result: MaintenanceResult): string {
  if (result.status === "skipped") return "Skipped: another instance is running housekeeping.";
  const c = result.counts;
  return (
    `Purged ${c.sessions} expired sessions, ${c.passwordResets} password-reset, ${c.emailVerifications} email-verification, ${c.emailChanges} address-change and ${c.notMeLinks} “not me” links, ${c.twoFactorChallenges} two-factor sign-in steps, ${c.passkeyChallenges} passkey challenges, ` +
    `${c.rateLimits} rate-limit counters, ${c.trustedDevices} trusted devices, ${c.pushRows} stale push rows, ${c.photoUploads} photo uploads never saved, ${c.idempotencyKeys} idempotency keys, ${c.versions} earlier versions and deleted pages past their days, ${c.accounts} accounts their owners deleted, ${c.photos} orphaned photos, ${c.exports} expired exports and ${c.importFiles} import uploads, and folded ${c.readsFolded} reads of past days in ${result.ms} ms.`
  );
}
