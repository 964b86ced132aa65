import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { removeCloseFriend } from "@/lib/friends";
import { json, otherMethods, route } from "@/lib/http/respond";

export const DELETE = route<{ params: Promise<{ id: string }> }>(async (req, { params }) => {
  const { user } = await requireUser(req);
  const newCloseFriendsCount = await removeCloseFriend({ db: getDb(), userId: user.id, friendId: (await params).id });
  return json({ message: "Removed from close friends successfully", newCloseFriendsCount });
});

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
