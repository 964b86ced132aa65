import { handle } from "@/lib/api/handle";
import { renameActivity } from "@/lib/activities/lists";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";

export const POST = handle("POST /api/activities/rename", async ({ user, body }) =>
  json(await renameActivity({ db: getDb(), userId: user.id, from: body.from, to: body.to })),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
