import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { json, otherMethods } from "@/lib/http/respond";
import { createTemplate, listTemplates } from "@/lib/templates/templates";

export const GET = handle("GET /api/templates", async ({ user }) =>
  json({ templates: await listTemplates({ db: getDb(), userId: user.id }) }),
);

export const POST = handle("POST /api/templates", async ({ user, body }) =>
  json(await createTemplate({ db: getDb(), userId: user.id, input: body }), { status: 201 }),
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
