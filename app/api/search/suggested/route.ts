import { handle } from "@/lib/api/handle";
import { getReadDbFor } from "@/lib/http/read-your-writes";
import { json, otherMethods } from "@/lib/http/respond";
import { listSuggestedUsers } from "@/lib/users";

export const GET = handle("GET /api/search/suggested", async ({ user, query: { limit, offset, exclude }, req }) => {
  return json({
    success: true,
    users: await listSuggestedUsers({ db: getReadDbFor(req), callerId: user.id, excludeId: exclude, limit, offset }),
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
