import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readJson } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { markNotificationsRead } from "@/lib/notifications";
import { MarkReadSchema } from "@/lib/notifications/schemas";

export const POST = route(async (req) => {
  const { user } = await requireUser(req);
  const { ids, all } = await readJson(req, MarkReadSchema, BODY_LIMITS.profile);
  return json(await markNotificationsRead({ db: getDb(), userId: user.id, ids, all }));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
