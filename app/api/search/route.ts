import { handle } from "@/lib/api/handle";
import { getReadDbFor } from "@/lib/http/read-your-writes";
import { json, otherMethods } from "@/lib/http/respond";
import { searchUsers } from "@/lib/users";

export const GET = handle("GET /api/search", async ({ user, query: { q }, req }) => {
  return json({ users: await searchUsers({ db: getReadDbFor(req), q, callerId: user.id }) });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
