import { GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { testEnv } from "./env";
import { S3RVER_CREDENTIALS } from "../../scripts/test/s3rver";

/** The S3 instance's bucket (s3rver on loopback), read directly: what the app wrote there, or did not. */
export function testBucket() {
  const s3 = new S3Client({
    region: "us-east-1",
    endpoint: testEnv.s3Endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  return {
    async objectExists(key: string): Promise<boolean> {
      return s3.send(new HeadObjectCommand({ Bucket: testEnv.s3Bucket, Key: key })).then(
        () => true,
        (err: { $metadata?: { httpStatusCode?: number } }) => {
          if (err.$metadata?.httpStatusCode === 404) return false;
          throw err;
        },
      );
    },
    getObject: (key: string) => s3.send(new GetObjectCommand({ Bucket: testEnv.s3Bucket, Key: key })),
    destroy: () => s3.destroy(),
  };
}
