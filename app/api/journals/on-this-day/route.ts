import { handle } from "@/lib/api/handle";
import { getReadDbFor } from "@/lib/http/read-your-writes";
import { json, otherMethods } from "@/lib/http/respond";
import { getOnThisDay } from "@/lib/feed/on-this-day";

export const GET = handle("GET /api/journals/on-this-day", async ({ user, query: { date }, req }) => {
  return json(await getOnThisDay({ db: getReadDbFor(req), viewerId: user.id, date }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
