import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { getFriendshipStatus } from "@/lib/friends";
import { json, otherFriendRequestMethods } from "@/lib/http/respond";

export const GET = handle("GET /api/friend-requests/status/{userId}", async ({ user, params }) => {
  const status = await getFriendshipStatus({ db: getDb(), userId: user.id, otherId: params.userId });
  return json({ success: true, status });
});

export const { POST, PUT, PATCH, DELETE } = otherFriendRequestMethods("GET");
