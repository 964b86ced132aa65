import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { deleteReply } from "@/lib/replies";
import { REPLY_DELETED_MESSAGE } from "@/lib/contract/messages";

export const DELETE = handle("DELETE /api/journals/{id}/replies/{replyId}", async ({ user, params }) => {
  const { id, replyId } = params;
  await deleteReply({ db: getDb(), userId: user.id, id, replyId });
  return json({ message: REPLY_DELETED_MESSAGE });
});

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
