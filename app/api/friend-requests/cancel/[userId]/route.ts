import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { cancelFriendRequest } from "@/lib/friends";
import { friendRequestRoute, json, otherFriendRequestMethods } from "@/lib/http/respond";
import { FRIEND_REQUEST_CANCELLED_MESSAGE } from "@/lib/contract/messages";

export const DELETE = friendRequestRoute<{ params: Promise<{ userId: string }> }>(async (req, { params }) => {
  const { user } = await requireUser(req);
  await cancelFriendRequest({ db: getDb(), fromId: user.id, userId: (await params).userId });
  return json({ success: true, message: FRIEND_REQUEST_CANCELLED_MESSAGE });
});

export const { GET, POST, PUT, PATCH } = otherFriendRequestMethods("DELETE");
