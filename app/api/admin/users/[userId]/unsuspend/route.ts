import { requireOperator, unsuspendUser } from "@/lib/admin";
import { requireUser } from "@/lib/auth/request";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readJson } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { OptionalNoteSchema } from "@/lib/admin/schemas";
import { SUSPENSION_LIFTED_MESSAGE } from "@/lib/admin/limits";

export const POST = route<{ params: Promise<{ userId: string }> }>(async (req, { params }) => {
  const { user } = await requireUser(req);
  requireOperator(user, config().ADMIN_EMAILS);
  const { note } = await readJson(req, OptionalNoteSchema, BODY_LIMITS.reply);
  await unsuspendUser({ db: getDb(), operatorId: user.id, userId: (await params).userId, note });
  return json({ message: SUSPENSION_LIFTED_MESSAGE });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
