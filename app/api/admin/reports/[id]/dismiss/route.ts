import { handle } from "@/lib/api/handle";
import { dismissReport } from "@/lib/admin";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { REPORT_DISMISSED_MESSAGE } from "@/lib/admin/limits";

export const POST = handle("POST /api/admin/reports/{id}/dismiss", async ({ user, body: { note }, params }) => {
  await dismissReport({ db: getDb(), operatorId: user.id, id: params.id, note });
  return json({ message: REPORT_DISMISSED_MESSAGE });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
