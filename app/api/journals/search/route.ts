import { handle } from "@/lib/api/handle";
import { getReadDbFor } from "@/lib/http/read-your-writes";
import { json, otherMethods } from "@/lib/http/respond";
import { searchDiary } from "@/lib/journals";

export const GET = handle("GET /api/journals/search", async ({ user, query, req }) => {
  return json(await searchDiary({ db: getReadDbFor(req), authorId: user.id, ...query }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
