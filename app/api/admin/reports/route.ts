import { handle } from "@/lib/api/handle";
import { adminPage } from "@/lib/admin";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";

export const GET = handle("GET /api/admin/reports", async () => {
  return json(await adminPage({ db: getDb() }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
