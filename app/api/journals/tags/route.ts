import { requireUser } from "@/lib/auth/request";
import { getReadDbFor } from "@/lib/http/read-your-writes";
import { json, otherMethods, route } from "@/lib/http/respond";
import { listTags } from "@/lib/journals";

export const GET = route(async (req) => {
  const { user } = await requireUser(req);
  return json(await listTags({ db: getReadDbFor(req), authorId: user.id }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
