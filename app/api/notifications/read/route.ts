import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { markNotificationsRead } from "@/lib/notifications";

export const POST = handle("POST /api/notifications/read", async ({ user, body: { ids, all } }) => {
  return json(await markNotificationsRead({ db: getDb(), userId: user.id, ids, all }));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
