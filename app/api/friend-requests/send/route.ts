import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { sendFriendRequest } from "@/lib/friends";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readJson } from "@/lib/http/body";
import { friendRequestRoute, json, otherFriendRequestMethods } from "@/lib/http/respond";
import { SendFriendRequestSchema } from "@/lib/validation/friends";

// 201 also when the send accepted the request `to` had already sent: a friendship was created, and
// a client that checks for 201 after sending keeps working. `data.status` tells the two apart.
export const POST = friendRequestRoute(async (req) => {
  const { user } = await requireUser(req);
  const { to } = await readJson(req, SendFriendRequestSchema, BODY_LIMITS.friendRequest);
  const { accepted, request } = await sendFriendRequest({ db: getDb(), fromId: user.id, to });
  return json(
    { success: true, message: accepted ? "Friend request accepted" : "Friend request sent", data: request },
    { status: 201 },
  );
});

export const { GET, PUT, PATCH, DELETE } = otherFriendRequestMethods("POST");
