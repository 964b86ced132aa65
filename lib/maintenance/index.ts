import "server-only";

// Housekeeping: deleting what nothing can use any more (docs/decisions/033).
export { PHOTO_FOLDERS, PHOTO_GRACE_MS, purgeOrphanPhotos } from "./photos";
export {
  PURGE_BATCH_SIZE,
  purgeExpiredSessions,
  purgeExpiredTrustedDevices,
  purgeSpentEmailVerifications,
  purgeSpentPasswordResets,
  purgeStaleRateLimits,
} from "./rows";
export { describeMaintenance, MAINTENANCE_LOCK_ID, runMaintenance, type MaintenanceCounts, type MaintenanceResult } from "./run";
export { startConfiguredMaintenanceJob, startMaintenanceJob, type MaintenanceJob } from "./job";
