import { handle } from "@/lib/api/handle";
import { listSessions } from "@/lib/auth/session-list";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";

export const GET = handle("GET /api/auth/sessions", async ({ user, sessionId }) => {
  return json({ sessions: await listSessions({ db: getDb(), userId: user.id, currentId: sessionId }) });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
