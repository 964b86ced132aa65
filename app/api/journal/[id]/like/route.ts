import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { json, otherMethods, route } from "@/lib/http/respond";
import { likeJournal, unlikeJournal } from "@/lib/likes";

type Context = { params: Promise<{ id: string }> };

export const POST = route<Context>(async (req, { params }) => {
  const { user } = await requireUser(req);
  const likesCount = await likeJournal({ db: getDb(), userId: user.id, id: (await params).id });
  return json({ message: "Liked journal", likesCount });
});

export const DELETE = route<Context>(async (req, { params }) => {
  const { user } = await requireUser(req);
  const likesCount = await unlikeJournal({ db: getDb(), userId: user.id, id: (await params).id });
  return json({ message: "Unliked journal", likesCount });
});

export const { GET, PUT, PATCH } = otherMethods("POST", "DELETE");
