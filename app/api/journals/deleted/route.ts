import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { listDeleted } from "@/lib/journals/versions";

export const GET = handle("GET /api/journals/deleted", async ({ user }) =>
  json(await listDeleted({ db: getDb(), authorId: user.id })),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
