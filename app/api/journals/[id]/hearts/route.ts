import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { validate } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { listHearts } from "@/lib/notifications";
import { NotificationsQuerySchema } from "@/lib/notifications/schemas";

export const GET = route<{ params: Promise<{ id: string }> }>(async (req, { params }) => {
  const { user } = await requireUser(req);
  const { cursor } = validate(NotificationsQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  return json(await listHearts({ db: getDb(), userId: user.id, id: (await params).id, cursor }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
