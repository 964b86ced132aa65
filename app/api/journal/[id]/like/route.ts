import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { likeJournal, unlikeJournal } from "@/lib/likes";

export const POST = handle("POST /api/journal/{id}/like", async ({ user, params }) => {
  const likesCount = await likeJournal({ db: getDb(), userId: user.id, id: params.id });
  return json({ message: "Liked journal", likesCount });
});

export const DELETE = handle("DELETE /api/journal/{id}/like", async ({ user, params }) => {
  const likesCount = await unlikeJournal({ db: getDb(), userId: user.id, id: params.id });
  return json({ message: "Unliked journal", likesCount });
});

export const { GET, PUT, PATCH } = otherMethods("POST", "DELETE");
