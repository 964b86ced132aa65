import { handle } from "@/lib/api/handle";
import { clearSessionCookie } from "@/lib/auth/request";
import { endSession } from "@/lib/auth/session-list";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { SIGNED_OUT_MESSAGE } from "@/lib/contract/messages";

export const DELETE = handle("DELETE /api/auth/sessions/{id}", async ({ user, sessionId, req, params }) => {
  const id = params.id;
  await endSession({ db: getDb(), userId: user.id, id });
  const res = json({ message: SIGNED_OUT_MESSAGE });
  // Ending the session this request came with is signing out here.
  if (id.toLowerCase() === sessionId) clearSessionCookie(res, req);
  return res;
});

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
