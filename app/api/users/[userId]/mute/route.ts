import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { json, otherMethods, route } from "@/lib/http/respond";
import { muteUser, unmuteUser } from "@/lib/users/blocks";

type Context = { params: Promise<{ userId: string }> };

export const POST = route<Context>(async (req, { params }) => {
  const { user } = await requireUser(req);
  await muteUser({ db: getDb(), userId: user.id, id: (await params).userId });
  return json({ message: "Muted" });
});

export const DELETE = route<Context>(async (req, { params }) => {
  const { user } = await requireUser(req);
  await unmuteUser({ db: getDb(), userId: user.id, id: (await params).userId });
  return json({ message: "Unmuted" });
});

export const { GET, PUT, PATCH } = otherMethods("POST", "DELETE");
