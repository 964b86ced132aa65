import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { getReadDbFor } from "@/lib/http/read-your-writes";
import { listCloseCircleFeed } from "@/lib/feed";
import { json, otherMethods } from "@/lib/http/respond";

export const GET = handle("GET /api/journal/close-circle", async ({ user, query: { page, limit, cursor }, req }) => {
  return json(
    await listCloseCircleFeed({ db: getDb(), readDb: getReadDbFor(req), viewerId: user.id, page, limit, cursor }),
  );
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
