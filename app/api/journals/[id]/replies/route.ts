import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { listReplies, sendReply } from "@/lib/replies";
import { REPLY_SENT_MESSAGE } from "@/lib/contract/messages";

export const GET = handle("GET /api/journals/{id}/replies", async ({ user, query: { cursor }, params }) => {
  return json(await listReplies({ db: getDb(), userId: user.id, id: params.id, cursor }));
});

export const POST = handle("POST /api/journals/{id}/replies", async ({ user, body: { text, threadWith }, params }) => {
  const reply = await sendReply({ db: getDb(), userId: user.id, id: params.id, text, threadWith });
  return json({ message: REPLY_SENT_MESSAGE, reply }, { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
