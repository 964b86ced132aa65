import { handle } from "@/lib/api/handle";
import { adminPage, requireOperator } from "@/lib/admin";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";

export const GET = handle("GET /api/admin/reports", async ({ user }) => {
  requireOperator(user, config().ADMIN_EMAILS);
  return json(await adminPage({ db: getDb() }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
