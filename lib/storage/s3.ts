import "server-only";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { assertKeyContentType, assertKeyPrefix, getKeyContentType, isStorageKey } from "./keys";
import type { Storage } from "./types";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For services other than AWS (R2, MinIO, s3rver); AWS itself when absent. */
  endpoint?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`; MinIO and s3rver need it. */
  forcePathStyle?: boolean;
  /** Absent: the AWS SDK's default chain (AWS_* variables, profile, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** An S3-compatible bucket. Photos can be served by redirecting to a presigned URL. */
export function createS3Storage(options: S3StorageOptions): Storage {
  const Bucket = options.bucket;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.credentials,
    // Checksums only where S3 requires them: several S3-compatible services (older MinIO, Ceph,
    // B2) reject the CRC32 trailers that SDK versions from 2025 on send by default.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });

  return {
    async putObject({ key, data, contentType }) {
      assertKeyContentType({ key, contentType });
      // Cache-Control travels with the object, so a redirect to a presigned URL stays private too.
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType, CacheControl: "private" }));
    },

    async getObject({ key }) {
      const contentType = getKeyContentType({ key });
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const body = Buffer.from((await res.Body?.transformToByteArray()) ?? []);
        return { body, contentType: res.ContentType ?? contentType, size: body.length };
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        // Some S3-compatible services answer a plain 404 without the NoSuchKey code.
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
        throw err;
      }
    },

    async deleteObject({ key }) {
      getKeyContentType({ key });
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *listObjects({ prefix }) {
      assertKeyPrefix(prefix);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const { Key, LastModified } of page.Contents ?? []) {
          if (Key && LastModified && isStorageKey(Key)) yield { key: Key, lastModified: LastModified };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async presignGet({ key, expiresInSeconds }) {
      getKeyContentType({ key });
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: expiresInSeconds });
    },
  };
}
