import "server-only";
import { logError } from "@/lib/log";
import { photoFileKeys, type Storage } from "@/lib/storage";

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
