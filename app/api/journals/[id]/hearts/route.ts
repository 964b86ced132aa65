import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { listHearts } from "@/lib/notifications";

export const GET = handle("GET /api/journals/{id}/hearts", async ({ user, query: { cursor }, params }) => {
  return json(await listHearts({ db: getDb(), userId: user.id, id: params.id, cursor }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
