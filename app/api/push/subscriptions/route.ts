import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readJson } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { deletePushSubscription, savePushSubscription } from "@/lib/push/subscriptions";
import { PushSubscriptionSchema, PushUnsubscribeSchema } from "@/lib/push/schemas";

export const POST = route(async (req) => {
  const { user, sessionId } = await requireUser(req);
  const input = await readJson(req, PushSubscriptionSchema, BODY_LIMITS.push);
  const { created } = await savePushSubscription({ db: getDb(), userId: user.id, sessionId, input });
  return json({ message: "Subscribed" }, { status: created ? 201 : 200 });
});

export const DELETE = route(async (req) => {
  const { user } = await requireUser(req);
  const { endpoint } = await readJson(req, PushUnsubscribeSchema, BODY_LIMITS.push);
  await deletePushSubscription({ db: getDb(), userId: user.id, endpoint });
  return json({ message: "Unsubscribed" });
});

export const { GET, PUT, PATCH } = otherMethods("POST", "DELETE");
