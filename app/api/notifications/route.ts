import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { validate } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { listNotifications } from "@/lib/notifications";
import { NotificationsQuerySchema } from "@/lib/notifications/schemas";

export const GET = route(async (req) => {
  const { user } = await requireUser(req);
  const { cursor } = validate(NotificationsQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  return json(await listNotifications({ db: getDb(), userId: user.id, cursor }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
