import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { acceptFriendRequest } from "@/lib/friends";
import { json, otherFriendRequestMethods } from "@/lib/http/respond";
import { FRIEND_REQUEST_ACCEPTED_MESSAGE } from "@/lib/friends/limits";

export const POST = handle("POST /api/friend-requests/accept/{requestId}", async ({ user, params }) => {
  const friendRequest = await acceptFriendRequest({
    db: getDb(),
    userId: user.id,
    requestId: params.requestId,
  });
  return json({ success: true, message: FRIEND_REQUEST_ACCEPTED_MESSAGE, friendRequest });
});

export const { GET, PUT, PATCH, DELETE } = otherFriendRequestMethods("POST");
