import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { listBlocked } from "@/lib/users/blocks";

export const GET = handle("GET /api/myprofile/blocked", async ({ user }) => {
  return json({ blocked: await listBlocked({ db: getDb(), userId: user.id }) });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
