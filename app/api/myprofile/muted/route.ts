import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { json, otherMethods, route } from "@/lib/http/respond";
import { listMuted } from "@/lib/users/blocks";

export const GET = route(async (req) => {
  const { user } = await requireUser(req);
  return json({ muted: await listMuted({ db: getDb(), userId: user.id }) });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
