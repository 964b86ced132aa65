import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { json, otherMethods, route } from "@/lib/http/respond";
import { blockUser, unblockUser } from "@/lib/users/blocks";

type Context = { params: Promise<{ userId: string }> };

export const POST = route<Context>(async (req, { params }) => {
  const { user } = await requireUser(req);
  await blockUser({ db: getDb(), userId: user.id, id: (await params).userId });
  return json({ message: "Blocked" });
});

export const DELETE = route<Context>(async (req, { params }) => {
  const { user } = await requireUser(req);
  await unblockUser({ db: getDb(), userId: user.id, id: (await params).userId });
  return json({ message: "Unblocked" });
});

export const { GET, PUT, PATCH } = otherMethods("POST", "DELETE");
