import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { getExportStatus } from "@/lib/exports";
import { json, otherMethods } from "@/lib/http/respond";

export const GET = handle("GET /api/export/{id}", async ({ user, params }) => {
  return json(await getExportStatus({ db: getDb(), userId: user.id, id: params.id }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
