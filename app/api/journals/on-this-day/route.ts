import { requireUser } from "@/lib/auth/request";
import { getReadDbFor } from "@/lib/http/read-your-writes";
import { validate } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { getOnThisDay } from "@/lib/feed/on-this-day";
import { OnThisDayQuerySchema } from "@/lib/validation/past";

export const GET = route(async (req) => {
  const { user } = await requireUser(req);
  const { date } = validate(OnThisDayQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  return json(await getOnThisDay({ db: getReadDbFor(req), viewerId: user.id, date }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
