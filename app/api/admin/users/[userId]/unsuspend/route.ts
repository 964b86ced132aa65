import { handle } from "@/lib/api/handle";
import { unsuspendUser } from "@/lib/admin";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { SUSPENSION_LIFTED_MESSAGE } from "@/lib/admin/limits";

export const POST = handle("POST /api/admin/users/{userId}/unsuspend", async ({ user, body: { note }, params }) => {
  await unsuspendUser({ db: getDb(), operatorId: user.id, userId: params.userId, note });
  return json({ message: SUSPENSION_LIFTED_MESSAGE });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
