import { requireUser } from "@/lib/auth/request";
import { getReadDbFor } from "@/lib/http/read-your-writes";
import { validate } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { listSuggestedUsers } from "@/lib/users";
import { SuggestedQuerySchema } from "@/lib/validation/users";

export const GET = route(async (req) => {
  const { user } = await requireUser(req);
  const { limit, offset, exclude } = validate(SuggestedQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  return json({
    success: true,
    users: await listSuggestedUsers({ db: getReadDbFor(req), callerId: user.id, excludeId: exclude, limit, offset }),
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
