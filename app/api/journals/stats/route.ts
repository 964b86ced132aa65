import { cookies } from "next/headers";
import { requireUser } from "@/lib/auth/request";
import { TIME_ZONE_COOKIE } from "@/lib/dates/local-day";
import { getReadDbFor } from "@/lib/http/read-your-writes";
import { validate } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { getWritingStats } from "@/lib/journals/stats";
import { StatsQuerySchema } from "@/lib/validation/past";

export const GET = route(async (req) => {
  const { user } = await requireUser(req);
  const { year } = validate(StatsQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  const cookieZone = (await cookies()).get(TIME_ZONE_COOKIE)?.value;
  return json(await getWritingStats({ db: getReadDbFor(req), userId: user.id, year, cookieZone }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
