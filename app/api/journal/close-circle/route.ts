import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { getReadDbFor } from "@/lib/http/read-your-writes";
import { listCloseCircleFeed } from "@/lib/feed";
import { validate } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { FeedQuerySchema } from "@/lib/validation/feed";

export const GET = route(async (req) => {
  const { user } = await requireUser(req);
  const { page, limit, cursor } = validate(FeedQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  return json(
    await listCloseCircleFeed({ db: getDb(), readDb: getReadDbFor(req), viewerId: user.id, page, limit, cursor }),
  );
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
