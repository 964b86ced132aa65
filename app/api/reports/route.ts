import { handle } from "@/lib/api/handle";
import { after } from "next/server";
import { linkBaseFor } from "@/lib/auth/origins";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { createReport, newReportMail, targetOf } from "@/lib/reports";
import { REPORT_RECEIVED_MESSAGE } from "@/lib/contract/messages";

export const POST = handle("POST /api/reports", async ({ user, body, req }) => {
  const { notify } = await createReport({ db: getDb(), reporterId: user.id, body, adminEmails: config().ADMIN_EMAILS });
  // The operators hear after the answer: a slow mail never holds the reporter up.
  const appUrl = linkBaseFor(req);
  after(async () => {
    for (const to of notify) {
      await sendMail(newReportMail({ to, kind: targetOf(body).kind, reason: body.reason, appUrl })).catch(
        (err: unknown) => logError("mail", "A new-report mail could not be sent", err),
      );
    }
  });
  return json({ message: REPORT_RECEIVED_MESSAGE }, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
