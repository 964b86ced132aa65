import "server-only";
import path from "node:path";
import { config, ConfigError, type Config } from "@/lib/config";
import { createLocalStorage } from "./local";
import { createS3Storage } from "./s3";
import type { Storage } from "./types";

export { fullSizeKeys, newImageKey, photoFileKeys, shownKeyOf } from "./keys";
export { putEntryPhoto } from "./photos";
export { createLocalStorage } from "./local";
export { createS3Storage, type S3StorageOptions } from "./s3";
export type { Storage, StoredStream } from "./types";

/** The driver the settings ask for: S3-compatible when S3_BUCKET is set, else `${DATA_DIR}/uploads`. */
export function createStorage({ config: cfg }: { config: Config }): Storage {
  if (!cfg.S3_BUCKET) return createLocalStorage({ rootDir: path.join(cfg.DATA_DIR, "uploads") });
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = cfg;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(
      "Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither to use the AWS SDK's default credentials.",
    );
  }
  return createS3Storage({
    bucket: cfg.S3_BUCKET,
    region: cfg.S3_REGION,
    endpoint: cfg.S3_ENDPOINT,
    forcePathStyle: cfg.S3_FORCE_PATH_STYLE,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
}

let cached: Storage | undefined;

/** This process's storage, from lib/config.ts. */
export function getStorage(): Storage {
  cached ??= createStorage({ config: config() });
  return cached;
}
