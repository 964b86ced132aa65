import fs from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";

// A real S3-compatible server on loopback, standing in for S3 in tests (never a mock of our code).
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
// s3rver ships no types; createRequire keeps this file type-checked without a declaration file.
const S3rver = createRequire(import.meta.url)("@20minutes/s3rver") as new (options: object) => S3rverServer;

/** s3rver's built-in account. */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * `allowMismatchedSignatures` is for listing: this s3rver signs a bucket-level request over
 * `/bucket` where the SDK (and S3) sign the path it sends, `/bucket/`, so ListObjectsV2 fails its
 * check with the right secret too. Object requests are checked either way.
 */
export async function startS3rver({
  directory,
  bucket,
  allowMismatchedSignatures = false,
}: {
  directory: string;
  bucket: string;
  allowMismatchedSignatures?: boolean;
}) {
  fs.mkdirSync(directory, { recursive: true });
  // The bucket is made by the server itself: this s3rver computes SigV4 for bucket-level
  // requests without the trailing slash that SDK v3 signs (`PUT /bucket/`), so CreateBucket
  // fails its signature check; object requests, which are all Inkwell makes, verify fine.
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    allowMismatchedSignatures,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, bucket, stop: () => server.close() };
}
