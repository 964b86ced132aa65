import "server-only";
import type { Readable } from "node:stream";

/** Where uploaded files live: local disk by default, an S3-compatible bucket when S3_BUCKET is set. */
export interface Storage {
  /** Writes the whole object; a reader sees the old object or the new one, never half of it. */
  putObject(input: { key: string; data: Buffer; contentType: string }): Promise<void>;
  /** null when there is no such object. */
  getObject(input: { key: string }): Promise<StoredObject | null>;
  /**
   * Writes an object from a stream without holding it whole (an export's ZIP, docs/decisions/074):
   * a reader sees the object once it is complete, never half of it; a failed stream stores nothing.
   * Returns its size in bytes.
   */
  putObjectStream(input: { key: string; body: Readable; contentType: string }): Promise<number>;
  /** The object as a stream, or null when there is no such object. */
  getObjectStream(input: { key: string }): Promise<StoredStream | null>;
  /** Deleting a missing object is not an error. */
  deleteObject(input: { key: string }): Promise<void>;
  /**
   * Every object under a folder (`prefix` ends with `/`), with when it was written, in no set
   * order, a page at a time; only keys this driver could have stored are listed.
   */
  listObjects(input: { prefix: string }): AsyncIterable<ListedObject>;
  /** A short-lived URL that serves the object directly (S3 only; a route may redirect to it). */
  presignGet?(input: { key: string; expiresInSeconds: number }): Promise<string>;
}

export interface StoredObject {
  body: Buffer;
  contentType: string;
  size: number;
}

export interface StoredStream {
  body: Readable;
  contentType: string;
  size: number;
}

export interface ListedObject {
  key: string;
  lastModified: Date;
}
