import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { muteUser, unmuteUser } from "@/lib/users/blocks";

export const POST = handle("POST /api/users/{userId}/mute", async ({ user, params }) => {
  await muteUser({ db: getDb(), userId: user.id, id: params.userId });
  return json({ message: "Muted" });
});

export const DELETE = handle("DELETE /api/users/{userId}/mute", async ({ user, params }) => {
  await unmuteUser({ db: getDb(), userId: user.id, id: params.userId });
  return json({ message: "Unmuted" });
});

export const { GET, PUT, PATCH } = otherMethods("POST", "DELETE");
