import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { likeJournal, unlikeJournal } from "@/lib/likes";
import { LIKED_MESSAGE, UNLIKED_MESSAGE } from "@/lib/contract/messages";

export const POST = handle("POST /api/journal/{id}/like", async ({ user, params }) => {
  const likesCount = await likeJournal({ db: getDb(), userId: user.id, id: params.id });
  return json({ message: LIKED_MESSAGE, likesCount });
});

export const DELETE = handle("DELETE /api/journal/{id}/like", async ({ user, params }) => {
  const likesCount = await unlikeJournal({ db: getDb(), userId: user.id, id: params.id });
  return json({ message: UNLIKED_MESSAGE, likesCount });
});

export const { GET, PUT, PATCH } = otherMethods("POST", "DELETE");
