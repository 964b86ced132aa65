import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { listMuted } from "@/lib/users/blocks";

export const GET = handle("GET /api/myprofile/muted", async ({ user }) => {
  return json({ muted: await listMuted({ db: getDb(), userId: user.id }) });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
