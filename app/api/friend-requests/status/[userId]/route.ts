import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { getFriendshipStatus } from "@/lib/friends";
import { friendRequestRoute, json, otherFriendRequestMethods } from "@/lib/http/respond";

export const GET = friendRequestRoute<{ params: Promise<{ userId: string }> }>(async (req, { params }) => {
  const { user } = await requireUser(req);
  const status = await getFriendshipStatus({ db: getDb(), userId: user.id, otherId: (await params).userId });
  return json({ success: true, status });
});

export const { POST, PUT, PATCH, DELETE } = otherFriendRequestMethods("GET");
