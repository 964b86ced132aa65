import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { listLikedJournals } from "@/lib/likes";

export const GET = handle("GET /api/journal/user/likes", async ({ user }) => {
  return json({ likedJournals: await listLikedJournals({ db: getDb(), userId: user.id }) });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
