import { handle } from "@/lib/api/handle";
import { revokeSession } from "@/lib/auth/sessions";
import { clearSessionCookie } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";

export const POST = handle("POST /api/auth/logout", async ({ sessionId, req }) => {
  await revokeSession({ db: getDb(), sessionId });
  const res = json({ message: "Logged out successfully" });
  clearSessionCookie(res, req);
  return res;
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
