import { requireUser } from "@/lib/auth/request";
import { otherMethods, route } from "@/lib/http/respond";
import { openInboxStream } from "@/lib/notifications/stream";

export const GET = route(async (req) => {
  const { user, token } = await requireUser(req);
  return openInboxStream({ req, userId: user.id, token });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
