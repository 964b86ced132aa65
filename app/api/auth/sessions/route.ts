import { requireUser } from "@/lib/auth/request";
import { listSessions } from "@/lib/auth/session-list";
import { getDb } from "@/lib/db/client";
import { json, otherMethods, route } from "@/lib/http/respond";

export const GET = route(async (req) => {
  const { user, sessionId } = await requireUser(req);
  return json({ sessions: await listSessions({ db: getDb(), userId: user.id, currentId: sessionId }) });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
