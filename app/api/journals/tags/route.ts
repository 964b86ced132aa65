import { handle } from "@/lib/api/handle";
import { getReadDbFor } from "@/lib/http/read-your-writes";
import { json, otherMethods } from "@/lib/http/respond";
import { listTags } from "@/lib/journals";

export const GET = handle("GET /api/journals/tags", async ({ user, req }) => {
  return json(await listTags({ db: getReadDbFor(req), authorId: user.id }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
