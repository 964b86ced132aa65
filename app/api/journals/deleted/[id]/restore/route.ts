import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { PAGE_RESTORED_MESSAGE } from "@/lib/journals/version-limits";
import { restoreDeleted } from "@/lib/journals/versions";

export const POST = handle("POST /api/journals/deleted/{id}/restore", async ({ user, params }) =>
  json({
    message: PAGE_RESTORED_MESSAGE,
    journal: await restoreDeleted({ db: getDb(), authorId: user.id, id: params.id }),
  }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
