import { handle } from "@/lib/api/handle";
import { getActivityList, setActivityList } from "@/lib/activities/lists";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";

export const GET = handle("GET /api/activities", async ({ user }) =>
  json(await getActivityList({ db: getDb(), userId: user.id })),
);

export const PUT = handle("PUT /api/activities", async ({ user, body }) =>
  json(await setActivityList({ db: getDb(), userId: user.id, names: body.activities })),
);

export const { POST, PATCH, DELETE } = otherMethods("GET", "PUT");
