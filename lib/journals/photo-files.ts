import "server-only";
import { logError } from "@/lib/log";
import type { Storage } from "@/lib/storage";

/** Deletes an object nothing points to any more. The entry's change is already final, so a failure here is logged, not reported. */
export async function discardEntryImage({ storage, key }: { storage: Storage; key: string }) {
  try {
    await storage.deleteObject({ key });
  } catch (err) {
    logError("storage", `Could not delete the unreferenced image ${key}`, err);
  }
}
