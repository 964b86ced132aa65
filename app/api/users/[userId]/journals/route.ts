import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { listFriendJournals } from "@/lib/feed/friend-page";
import { json, otherMethods } from "@/lib/http/respond";

export const GET = handle("GET /api/users/{userId}/journals", async ({ user, query: { cursor }, params }) => {
  return json(await listFriendJournals({ db: getDb(), viewerId: user.id, userId: params.userId, cursor }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
