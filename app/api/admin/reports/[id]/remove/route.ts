import { after } from "next/server";
import { removeReported, requireOperator } from "@/lib/admin";
import { requireUser } from "@/lib/auth/request";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readJson } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { getStorage } from "@/lib/storage";
import { ModerationNoteSchema } from "@/lib/admin/schemas";

export const POST = route<{ params: Promise<{ id: string }> }>(async (req, { params }) => {
  const { user } = await requireUser(req);
  requireOperator(user, config().ADMIN_EMAILS);
  const { note } = await readJson(req, ModerationNoteSchema, BODY_LIMITS.reply);
  const mail = await removeReported({
    db: getDb(),
    storage: getStorage(),
    operatorId: user.id,
    id: (await params).id,
    note,
  });
  after(() => sendMail(mail).catch((err: unknown) => logError("mail", "A moderation mail could not be sent", err)));
  return json({ message: "Removed" });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
