import "server-only";
import { fullSizeKey, newImageKey } from "./keys";
import type { Storage } from "./types";

interface Encoded {
  data: Buffer;
  contentType: string;
}

/**
 * Stores a processed entry photo (lib/images), its full-size copy first (docs/decisions/129), and
 * returns the key of the photo shown, the one rows hold. A failure leaves at most files no row
 * points to, which housekeeping removes.
 */
export async function putEntryPhoto({ storage, image }: { storage: Storage; image: Encoded & { full?: Encoded } }) {
  const key = newImageKey({ kind: "entries" });
  const { full } = image;
  if (full)
    await storage.putObject({
      key: fullSizeKey(key, full.contentType),
      data: full.data,
      contentType: full.contentType,
    });
  await storage.putObject({ key, data: image.data, contentType: image.contentType });
  return key;
}
