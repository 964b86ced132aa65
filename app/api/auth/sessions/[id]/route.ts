import { clearSessionCookie, requireUser } from "@/lib/auth/request";
import { endSession } from "@/lib/auth/session-list";
import { getDb } from "@/lib/db/client";
import { json, otherMethods, route } from "@/lib/http/respond";

type Context = { params: Promise<{ id: string }> };

export const DELETE = route<Context>(async (req, { params }) => {
  const { user, sessionId } = await requireUser(req);
  const id = (await params).id;
  await endSession({ db: getDb(), userId: user.id, id });
  const res = json({ message: "Signed out" });
  // Ending the session this request came with is signing out here.
  if (id.toLowerCase() === sessionId) clearSessionCookie(res, req);
  return res;
});

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
