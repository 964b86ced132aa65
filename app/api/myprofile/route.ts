import { handle } from "@/lib/api/handle";
import { after } from "next/server";
import { linkBaseFor } from "@/lib/auth/origins";
import { clearSessionCookie } from "@/lib/auth/request";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { logError } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { getStorage } from "@/lib/storage";
import { getMyProfile, updateMyProfile } from "@/lib/users";
import { scheduleAccountDeletion } from "@/lib/users/account-deletion";
import { DELETION_SCHEDULED_MESSAGE } from "@/lib/users/account-deletion-limits";

export const GET = handle("GET /api/myprofile", async ({ user }) => {
  return json(await getMyProfile({ db: getDb(), userId: user.id }));
});

export const PUT = handle("PUT /api/myprofile", async ({ user, body: input }) => {
  return json(await updateMyProfile({ db: getDb(), storage: getStorage(), userId: user.id, input }));
});

// Leaving (docs/decisions/075): scheduled, never at once; every session ends, this one too.
export const DELETE = handle("DELETE /api/myprofile", async ({ user, sessionId, body: { password, code }, req }) => {
  const { deletionDueAt, mail } = await scheduleAccountDeletion({
    db: getDb(),
    userId: user.id,
    sessionId,
    password,
    code,
    graceDays: config().ACCOUNT_DELETION_GRACE_DAYS,
    appUrl: linkBaseFor(req),
  });
  after(() =>
    sendMail(mail).catch((err: unknown) => logError("mail", "The account-deletion notice could not be sent", err)),
  );
  const res = json(
    { message: DELETION_SCHEDULED_MESSAGE, deletionDueAt: deletionDueAt.toISOString() },
    { status: 202 },
  );
  clearSessionCookie(res, req);
  return res;
});

export const { POST, PATCH } = otherMethods("GET", "PUT", "DELETE");
