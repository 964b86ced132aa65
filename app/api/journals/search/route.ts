import { requireUser } from "@/lib/auth/request";
import { getReadDbFor } from "@/lib/http/read-your-writes";
import { validate } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { searchDiary } from "@/lib/journals";
import { DiarySearchQuerySchema } from "@/lib/journals/schemas";

export const GET = route(async (req) => {
  const { user } = await requireUser(req);
  const query = validate(DiarySearchQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  return json(await searchDiary({ db: getReadDbFor(req), authorId: user.id, ...query }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
