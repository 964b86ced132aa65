import { handle } from "@/lib/api/handle";
import { cookies } from "next/headers";
import { TIME_ZONE_COOKIE } from "@/lib/dates/local-day";
import { getReadDbFor } from "@/lib/http/read-your-writes";
import { json, otherMethods } from "@/lib/http/respond";
import { getMoodYear } from "@/lib/journals/moods";

export const GET = handle("GET /api/journals/moods", async ({ user, query: { year }, req }) => {
  const cookieZone = (await cookies()).get(TIME_ZONE_COOKIE)?.value;
  return json(await getMoodYear({ db: getReadDbFor(req), userId: user.id, year, cookieZone }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
