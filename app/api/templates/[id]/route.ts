import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { TEMPLATE_DELETED_MESSAGE } from "@/lib/templates/limits";
import { deleteTemplate, updateTemplate } from "@/lib/templates/templates";

export const PUT = handle("PUT /api/templates/{id}", async ({ user, params, body }) =>
  json(await updateTemplate({ db: getDb(), userId: user.id, id: params.id, input: body })),
);

export const DELETE = handle("DELETE /api/templates/{id}", async ({ user, params }) => {
  await deleteTemplate({ db: getDb(), userId: user.id, id: params.id });
  return json({ message: TEMPLATE_DELETED_MESSAGE });
});

export const { GET, POST, PATCH } = otherMethods("PUT", "DELETE");
