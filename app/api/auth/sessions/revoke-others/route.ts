import { requireUser } from "@/lib/auth/request";
import { endOtherSessions } from "@/lib/auth/session-list";
import { getDb } from "@/lib/db/client";
import { json, otherMethods, route } from "@/lib/http/respond";

export const POST = route(async (req) => {
  const { user, sessionId } = await requireUser(req);
  const ended = await endOtherSessions({ db: getDb(), userId: user.id, currentId: sessionId });
  return json({ message: "Signed out everywhere else", ended });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
