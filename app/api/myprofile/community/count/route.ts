import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { countCloseFriends } from "@/lib/friends";
import { json, otherMethods, route } from "@/lib/http/respond";

export const GET = route(async (req) => {
  const { user } = await requireUser(req);
  return json({ closeFriends: await countCloseFriends({ db: getDb(), userId: user.id }) });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
