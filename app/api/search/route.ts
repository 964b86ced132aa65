import { requireUser } from "@/lib/auth/request";
import { getReadDbFor } from "@/lib/http/read-your-writes";
import { validate } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { searchUsers } from "@/lib/users";
import { SearchQuerySchema } from "@/lib/validation/users";

export const GET = route(async (req) => {
  const { user } = await requireUser(req);
  const { q } = validate(SearchQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  return json({ users: await searchUsers({ db: getReadDbFor(req), q, callerId: user.id }) });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
