import { handle } from "@/lib/api/handle";
import { endOtherSessions } from "@/lib/auth/session-list";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { OTHER_SESSIONS_ENDED_MESSAGE } from "@/lib/contract/messages";

export const POST = handle("POST /api/auth/sessions/revoke-others", async ({ user, sessionId }) => {
  const ended = await endOtherSessions({ db: getDb(), userId: user.id, currentId: sessionId });
  return json({ message: OTHER_SESSIONS_ENDED_MESSAGE, ended });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
