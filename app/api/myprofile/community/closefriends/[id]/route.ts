import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { removeCloseFriend } from "@/lib/friends";
import { json, otherMethods, route } from "@/lib/http/respond";
import { FRIEND_REMOVED_MESSAGE } from "@/lib/contract/messages";

export const DELETE = route<{ params: Promise<{ id: string }> }>(async (req, { params }) => {
  const { user } = await requireUser(req);
  const newCloseFriendsCount = await removeCloseFriend({ db: getDb(), userId: user.id, friendId: (await params).id });
  return json({ message: FRIEND_REMOVED_MESSAGE, newCloseFriendsCount });
});

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
