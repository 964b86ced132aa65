import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { listNotifications } from "@/lib/notifications";

export const GET = handle("GET /api/notifications", async ({ user, query: { cursor } }) => {
  return json(await listNotifications({ db: getDb(), userId: user.id, cursor }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
