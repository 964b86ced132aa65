import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { blockUser, unblockUser } from "@/lib/users/blocks";

export const POST = handle("POST /api/users/{userId}/block", async ({ user, params }) => {
  await blockUser({ db: getDb(), userId: user.id, id: params.userId });
  return json({ message: "Blocked" });
});

export const DELETE = handle("DELETE /api/users/{userId}/block", async ({ user, params }) => {
  await unblockUser({ db: getDb(), userId: user.id, id: params.userId });
  return json({ message: "Unblocked" });
});

export const { GET, PUT, PATCH } = otherMethods("POST", "DELETE");
