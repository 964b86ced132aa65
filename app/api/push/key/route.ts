import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { getVapidKeys } from "@/lib/push/keys";

// Signed in only (docs/decisions/082): only a signed-in person can hand us a subscription, and the
// key is of no use to anyone else.
export const GET = handle("GET /api/push/key", async () => {
  const { publicKey } = await getVapidKeys({ db: getDb() });
  return json({ publicKey }, { headers: { "Cache-Control": "private, max-age=3600" } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
