import "server-only";

// Housekeeping: deleting what nothing can use any more (docs/decisions/033).
export { purgeExpiredExports } from "./exports";
export { purgeImportFiles } from "./imports";
export { PHOTO_GRACE_MS, purgeOrphanPhotos } from "./photos";
export {
  purgeExpiredPasskeyChallenges,
  purgeExpiredSessions,
  purgeExpiredTrustedDevices,
  purgeOldIdempotencyKeys,
  purgeSpentEmailVerifications,
  purgeSpentPasswordResets,
  purgeSpentTwoFactorChallenges,
  purgeStalePushRows,
  purgeExpiredPhotoUploads,
  purgeStaleRateLimits,
} from "./rows";
export { describeMaintenance, MAINTENANCE_LOCK_ID, runMaintenance } from "./run";
export { startConfiguredMaintenanceJob, startMaintenanceJob } from "./job";
