import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { listVersions } from "@/lib/journals/versions";

export const GET = handle("GET /api/journals/{id}/versions", async ({ user, params }) =>
  json(await listVersions({ db: getDb(), authorId: user.id, id: params.id })),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
