import "server-only";

/** Where uploaded files live: local disk by default, an S3-compatible bucket when S3_BUCKET is set. */
export interface Storage {
  /** Writes the whole object; a reader sees the old object or the new one, never half of it. */
  putObject(input: { key: string; data: Buffer; contentType: string }): Promise<void>;
  /** null when there is no such object. */
  getObject(input: { key: string }): Promise<StoredObject | null>;
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

export interface ListedObject {
  key: string;
  lastModified: Date;
}
