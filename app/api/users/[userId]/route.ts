import { handle } from "@/lib/api/handle";
import { getReadDbFor } from "@/lib/http/read-your-writes";
import { json, otherMethods } from "@/lib/http/respond";
import { getPublicProfile } from "@/lib/users";

export const GET = handle("GET /api/users/{userId}", async ({ user, req, params }) => {
  return json({
    success: true,
    user: await getPublicProfile({ db: getReadDbFor(req), userId: params.userId, viewerId: user.id }),
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
