import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { cancelFriendRequest } from "@/lib/friends";
import { json, otherFriendRequestMethods } from "@/lib/http/respond";
import { FRIEND_REQUEST_CANCELLED_MESSAGE } from "@/lib/contract/messages";

export const DELETE = handle("DELETE /api/friend-requests/cancel/{userId}", async ({ user, params }) => {
  await cancelFriendRequest({ db: getDb(), fromId: user.id, userId: params.userId });
  return json({ success: true, message: FRIEND_REQUEST_CANCELLED_MESSAGE });
});

export const { GET, POST, PUT, PATCH } = otherFriendRequestMethods("DELETE");
