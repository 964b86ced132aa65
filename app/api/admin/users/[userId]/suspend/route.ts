import { after } from "next/server";
import { requireOperator, suspendUser } from "@/lib/admin";
import { requireUser } from "@/lib/auth/request";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readJson } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { ModerationNoteSchema } from "@/lib/admin/schemas";

export const POST = route<{ params: Promise<{ userId: string }> }>(async (req, { params }) => {
  const { user } = await requireUser(req);
  requireOperator(user, config().ADMIN_EMAILS);
  const { note } = await readJson(req, ModerationNoteSchema, BODY_LIMITS.reply);
  const mail = await suspendUser({ db: getDb(), operatorId: user.id, userId: (await params).userId, note });
  after(() => sendMail(mail).catch((err: unknown) => logError("mail", "A moderation mail could not be sent", err)));
  return json({ message: "Suspended" });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
