import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { DELETED_FOREVER_MESSAGE } from "@/lib/journals/version-limits";
import { deleteForever } from "@/lib/journals/versions";
import { getStorage } from "@/lib/storage";

export const DELETE = handle("DELETE /api/journals/deleted/{id}", async ({ user, params }) => {
  await deleteForever({ db: getDb(), storage: getStorage(), authorId: user.id, id: params.id });
  return json({ message: DELETED_FOREVER_MESSAGE });
});

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
