import { afterAll } from "vitest";

/**
 * A maker of blob: URLs (standing in for the URLs the server would give a photo or a file) that
 * revokes every URL it made once the file's tests are done, or after each test given `afterEach`.
 */
export function blobUrls(revokeAfter: (revoke: () => void) => void = afterAll): (blob: Blob) => string {
  const urls: string[] = [];
  revokeAfter(() => {
    for (const url of urls.splice(0)) URL.revokeObjectURL(url);
  });
  return (blob) => {
    const url = URL.createObjectURL(blob);
    urls.push(url);
    return url;
  };
}
