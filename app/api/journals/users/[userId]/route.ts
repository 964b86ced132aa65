import { requireUser } from "@/lib/auth/request";
import { getReadDbFor } from "@/lib/http/read-your-writes";
import { ForbiddenError } from "@/lib/errors";
import { json, otherMethods, route } from "@/lib/http/respond";
import { listUserJournals } from "@/lib/journals";
import { OWN_JOURNAL_ONLY_MESSAGE } from "@/lib/journals/messages";

export const GET = route<{ params: Promise<{ userId: string }> }>(async (req, { params }) => {
  const { user } = await requireUser(req);
  if ((await params).userId !== user.id) throw new ForbiddenError(OWN_JOURNAL_ONLY_MESSAGE);
  return json(await listUserJournals({ db: getReadDbFor(req), authorId: user.id }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
