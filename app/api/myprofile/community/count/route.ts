import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { countCloseFriends } from "@/lib/friends";
import { json, otherMethods } from "@/lib/http/respond";

export const GET = handle("GET /api/myprofile/community/count", async ({ user }) => {
  return json({ closeFriends: await countCloseFriends({ db: getDb(), userId: user.id }) });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
