import { requireUser } from "@/lib/auth/request";
import { getReadDbFor } from "@/lib/http/read-your-writes";
import { json, otherMethods, route } from "@/lib/http/respond";
import { getPublicProfile } from "@/lib/users";

export const GET = route<{ params: Promise<{ userId: string }> }>(async (req, { params }) => {
  const { user } = await requireUser(req);
  return json({
    success: true,
    user: await getPublicProfile({ db: getReadDbFor(req), userId: (await params).userId, viewerId: user.id }),
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
