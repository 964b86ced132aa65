import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { acceptFriendRequest } from "@/lib/friends";
import { friendRequestRoute, json, otherFriendRequestMethods } from "@/lib/http/respond";
import { FRIEND_REQUEST_ACCEPTED_MESSAGE } from "@/lib/friends/limits";

export const POST = friendRequestRoute<{ params: Promise<{ requestId: string }> }>(async (req, { params }) => {
  const { user } = await requireUser(req);
  const friendRequest = await acceptFriendRequest({
    db: getDb(),
    userId: user.id,
    requestId: (await params).requestId,
  });
  return json({ success: true, message: FRIEND_REQUEST_ACCEPTED_MESSAGE, friendRequest });
});

export const { GET, PUT, PATCH, DELETE } = otherFriendRequestMethods("POST");
