import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { deleteReply } from "@/lib/replies";

export const DELETE = handle("DELETE /api/journals/{id}/replies/{replyId}", async ({ user, params }) => {
  const { id, replyId } = params;
  await deleteReply({ db: getDb(), userId: user.id, id, replyId });
  return json({ message: "Reply deleted" });
});

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
