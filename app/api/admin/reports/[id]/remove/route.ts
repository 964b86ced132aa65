import { handle } from "@/lib/api/handle";
import { after } from "next/server";
import { removeReported } from "@/lib/admin";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { getStorage } from "@/lib/storage";

export const POST = handle("POST /api/admin/reports/{id}/remove", async ({ user, body: { note }, params }) => {
  const mail = await removeReported({
    db: getDb(),
    storage: getStorage(),
    operatorId: user.id,
    id: params.id,
    note,
  });
  after(() => sendMail(mail).catch((err: unknown) => logError("mail", "A moderation mail could not be sent", err)));
  return json({ message: "Removed" });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
