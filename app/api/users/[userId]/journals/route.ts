import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { listFriendJournals } from "@/lib/feed/friend-page";
import { validate } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { FriendPageQuerySchema } from "@/lib/validation/feed";

export const GET = route<{ params: Promise<{ userId: string }> }>(async (req, { params }) => {
  const { user } = await requireUser(req);
  const { cursor } = validate(FriendPageQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  return json(await listFriendJournals({ db: getDb(), viewerId: user.id, userId: (await params).userId, cursor }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
