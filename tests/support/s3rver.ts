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

export async function startS3rver({ directory, bucket }: { directory: string; bucket: string }) {
  fs.mkdirSync(directory, { recursive: true });
  // The bucket is made by the server itself: this s3rver computes SigV4 for bucket-level
  // requests without the trailing slash that SDK v3 signs (`PUT /bucket/`), so CreateBucket
  // fails its signature check; object requests, which are all Inkwell makes, verify fine.
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, bucket, stop: () => server.close() };
}
