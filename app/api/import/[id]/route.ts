import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { getImportStatus } from "@/lib/imports";
import { json, otherMethods } from "@/lib/http/respond";

export const GET = handle("GET /api/import/{id}", async ({ user, params }) => {
  return json(await getImportStatus({ db: getDb(), userId: user.id, id: params.id }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
