import { adminPage, requireOperator } from "@/lib/admin";
import { requireUser } from "@/lib/auth/request";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { json, otherMethods, route } from "@/lib/http/respond";

export const GET = route(async (req) => {
  const { user } = await requireUser(req);
  requireOperator(user, config().ADMIN_EMAILS);
  return json(await adminPage({ db: getDb() }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
