import "server-only";
import type { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { assertKeyContentType, assertKeyPrefix, getKeyContentType, isStorageKey } from "./keys";
import type { Storage } from "./types";

/**
 * A streamed object goes up in parts of this size (S3's smallest but the last is 5 MiB), so a
 * writer holds at most one part in memory however large the object.
 */
const PART_BYTES = 8 * 1024 * 1024;

function isMissing(err: unknown): boolean {
  // Some S3-compatible services answer a plain 404 without the NoSuchKey code.
  return err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404);
}

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
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType, CacheControl: "private" }),
      );
    },

    async getObject({ key }) {
      const contentType = getKeyContentType({ key });
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const body = Buffer.from((await res.Body?.transformToByteArray()) ?? []);
        return { body, contentType: res.ContentType ?? contentType, size: body.length };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async putObjectStream({ key, body, contentType }) {
      assertKeyContentType({ key, contentType });
      const { UploadId } = await client.send(
        new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType, CacheControl: "private" }),
      );
      const parts: { ETag: string | undefined; PartNumber: number }[] = [];
      let size = 0;
      try {
        const send = async (data: Buffer) => {
          const PartNumber = parts.length + 1;
          const { ETag } = await client.send(
            new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber, Body: data }),
          );
          parts.push({ ETag, PartNumber });
        };
        let pending: Buffer[] = [];
        let pendingBytes = 0;
        for await (const chunk of body as AsyncIterable<Buffer>) {
          pending.push(chunk);
          pendingBytes += chunk.length;
          size += chunk.length;
          if (pendingBytes >= PART_BYTES) {
            await send(Buffer.concat(pending));
            pending = [];
            pendingBytes = 0;
          }
        }
        if (pendingBytes || !parts.length) await send(Buffer.concat(pending));
        await client.send(
          new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }),
        );
        return size;
      } catch (err) {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => undefined);
        throw err;
      }
    },

    async getObjectStream({ key }) {
      const contentType = getKeyContentType({ key });
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        return {
          body: res.Body as Readable,
          contentType: res.ContentType ?? contentType,
          size: res.ContentLength ?? 0,
        };
      } catch (err) {
        if (isMissing(err)) return null;
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
