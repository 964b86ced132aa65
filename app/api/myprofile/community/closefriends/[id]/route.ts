import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { removeCloseFriend } from "@/lib/friends";
import { json, otherMethods } from "@/lib/http/respond";
import { FRIEND_REMOVED_MESSAGE } from "@/lib/contract/messages";

export const DELETE = handle("DELETE /api/myprofile/community/closefriends/{id}", async ({ user, params }) => {
  const newCloseFriendsCount = await removeCloseFriend({ db: getDb(), userId: user.id, friendId: params.id });
  return json({ message: FRIEND_REMOVED_MESSAGE, newCloseFriendsCount });
});

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
