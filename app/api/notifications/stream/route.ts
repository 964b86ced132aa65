import { handle } from "@/lib/api/handle";
import { otherMethods } from "@/lib/http/respond";
import { openInboxStream } from "@/lib/notifications/stream";

export const GET = handle("GET /api/notifications/stream", async ({ user, token, req }) => {
  return openInboxStream({ req, userId: user.id, token });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
