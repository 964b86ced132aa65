import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { json, otherMethods, route } from "@/lib/http/respond";
import { listLikedJournals } from "@/lib/likes";

export const GET = route(async (req) => {
  const { user } = await requireUser(req);
  return json({ likedJournals: await listLikedJournals({ db: getDb(), userId: user.id }) });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
