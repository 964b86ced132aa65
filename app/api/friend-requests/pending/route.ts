import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { listPendingFriendRequests } from "@/lib/friends";
import { friendRequestRoute, json, otherFriendRequestMethods } from "@/lib/http/respond";

export const GET = friendRequestRoute(async (req) => {
  const { user } = await requireUser(req);
  const data = await listPendingFriendRequests({ db: getDb(), userId: user.id });
  return json({ success: true, data, count: data.length });
});

export const { POST, PUT, PATCH, DELETE } = otherFriendRequestMethods("GET");
