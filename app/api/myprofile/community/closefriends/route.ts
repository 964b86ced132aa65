import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { listCloseFriends } from "@/lib/friends";
import { json, otherMethods, route } from "@/lib/http/respond";

export const GET = route(async (req) => {
  const { user } = await requireUser(req);
  return json({ closeFriends: await listCloseFriends({ db: getDb(), userId: user.id }) });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
