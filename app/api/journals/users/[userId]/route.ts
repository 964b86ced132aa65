import { handle } from "@/lib/api/handle";
import { getReadDbFor } from "@/lib/http/read-your-writes";
import { ForbiddenError } from "@/lib/errors";
import { json, otherMethods } from "@/lib/http/respond";
import { listUserJournals } from "@/lib/journals";
import { OWN_JOURNAL_ONLY_MESSAGE } from "@/lib/journals/messages";

export const GET = handle("GET /api/journals/users/{userId}", async ({ user, req, params }) => {
  if (params.userId !== user.id) throw new ForbiddenError(OWN_JOURNAL_ONLY_MESSAGE);
  return json(await listUserJournals({ db: getReadDbFor(req), authorId: user.id }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
