import "server-only";
import { assertSealedImage } from "@/lib/lock/guard";
import { logError } from "@/lib/log";
import { newImageKey, photoFileKeys, type Storage } from "@/lib/storage";

/**
 * Stores a locked page's photo as it came: sealed in the browser (resized and stripped there,
 * docs/decisions/115), bytes the server cannot open, bounded by size and checked for its version.
 */
export async function storeSealedPhoto({ storage, data }: { storage: Storage; data: Uint8Array }): Promise<string> {
  assertSealedImage(data);
  const key = newImageKey({ kind: "sealed-entries" });
  await storage.putObject({
    key,
    data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
    contentType: "application/octet-stream",
  });
  return key;
}

/** Deletes an object nothing points to any more, with its full-size copy. The entry's change is already final, so a failure here is logged, not reported. */
export async function discardEntryImage({ storage, key }: { storage: Storage; key: string }) {
  for (const file of photoFileKeys(key)) {
    try {
      await storage.deleteObject({ key: file });
    } catch (err) {
      logError("storage", `Could not delete the unreferenced image ${file}`, err);
    }
  }
}
