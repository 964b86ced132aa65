import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { json, otherMethods, route } from "@/lib/http/respond";
import { deleteReply } from "@/lib/replies";

type Context = { params: Promise<{ id: string; replyId: string }> };

export const DELETE = route<Context>(async (req, { params }) => {
  const { user } = await requireUser(req);
  const { id, replyId } = await params;
  await deleteReply({ db: getDb(), userId: user.id, id, replyId });
  return json({ message: "Reply deleted" });
});

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
