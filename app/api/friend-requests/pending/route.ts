import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { listPendingFriendRequests } from "@/lib/friends";
import { json, otherFriendRequestMethods } from "@/lib/http/respond";

export const GET = handle("GET /api/friend-requests/pending", async ({ user }) => {
  const data = await listPendingFriendRequests({ db: getDb(), userId: user.id });
  return json({ success: true, data, count: data.length });
});

export const { POST, PUT, PATCH, DELETE } = otherFriendRequestMethods("GET");
