import { handle } from "@/lib/api/handle";
import { after } from "next/server";
import { suspendUser } from "@/lib/admin";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";

export const POST = handle("POST /api/admin/users/{userId}/suspend", async ({ user, body: { note }, params }) => {
  const mail = await suspendUser({ db: getDb(), operatorId: user.id, userId: params.userId, note });
  after(() => sendMail(mail).catch((err: unknown) => logError("mail", "A moderation mail could not be sent", err)));
  return json({ message: "Suspended" });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
