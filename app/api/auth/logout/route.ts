import { revokeSession } from "@/lib/auth/sessions";
import { clearSessionCookie, requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { json, otherMethods, route } from "@/lib/http/respond";

export const POST = route(async (req) => {
  const { sessionId } = await requireUser(req);
  await revokeSession({ db: getDb(), sessionId });
  const res = json({ message: "Logged out successfully" });
  clearSessionCookie(res, req);
  return res;
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
