import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { getImportStatus } from "@/lib/imports";
import { json, otherMethods, route } from "@/lib/http/respond";

export const GET = route<{ params: Promise<{ id: string }> }>(async (req, { params }) => {
  const { user } = await requireUser(req);
  return json(await getImportStatus({ db: getDb(), userId: user.id, id: (await params).id }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
