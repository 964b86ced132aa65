import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readJson, validate } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { listReplies, sendReply } from "@/lib/replies";
import { RepliesQuerySchema, ReplyBodySchema } from "@/lib/replies/schemas";

type Context = { params: Promise<{ id: string }> };

export const GET = route<Context>(async (req, { params }) => {
  const { user } = await requireUser(req);
  const { cursor } = validate(RepliesQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  return json(await listReplies({ db: getDb(), userId: user.id, id: (await params).id, cursor }));
});

export const POST = route<Context>(async (req, { params }) => {
  const { user } = await requireUser(req);
  const { text, threadWith } = await readJson(req, ReplyBodySchema, BODY_LIMITS.reply);
  const reply = await sendReply({ db: getDb(), userId: user.id, id: (await params).id, text, threadWith });
  return json({ message: "Reply sent", reply }, { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
