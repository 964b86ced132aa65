import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { sendFriendRequest } from "@/lib/friends";
import { json, otherFriendRequestMethods } from "@/lib/http/respond";
import { FRIEND_REQUEST_ACCEPTED_MESSAGE } from "@/lib/friends/limits";

// 201 also when the send accepted the request `to` had already sent: a friendship was created, and
// a client that checks for 201 after sending keeps working. `data.status` tells the two apart.
export const POST = handle("POST /api/friend-requests/send", async ({ user, body: { to } }) => {
  const { accepted, request } = await sendFriendRequest({ db: getDb(), fromId: user.id, to });
  return json(
    { success: true, message: accepted ? FRIEND_REQUEST_ACCEPTED_MESSAGE : "Friend request sent", data: request },
    { status: 201 },
  );
});

export const { GET, PUT, PATCH, DELETE } = otherFriendRequestMethods("POST");
