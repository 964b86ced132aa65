import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { listCloseFriends } from "@/lib/friends";
import { json, otherMethods } from "@/lib/http/respond";

export const GET = handle("GET /api/myprofile/community/closefriends", async ({ user }) => {
  return json({ closeFriends: await listCloseFriends({ db: getDb(), userId: user.id }) });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
