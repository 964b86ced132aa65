import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { deletePushSubscription, savePushSubscription } from "@/lib/push/subscriptions";

export const POST = handle("POST /api/push/subscriptions", async ({ user, sessionId, body: input }) => {
  const { created } = await savePushSubscription({ db: getDb(), userId: user.id, sessionId, input });
  return json({ message: "Subscribed" }, { status: created ? 201 : 200 });
});

export const DELETE = handle("DELETE /api/push/subscriptions", async ({ user, body: { endpoint } }) => {
  await deletePushSubscription({ db: getDb(), userId: user.id, endpoint });
  return json({ message: "Unsubscribed" });
});

export const { GET, PUT, PATCH } = otherMethods("POST", "DELETE");
