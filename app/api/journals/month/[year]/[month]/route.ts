import { handle } from "@/lib/api/handle";
import { getReadDbFor } from "@/lib/http/read-your-writes";
import { validate } from "@/lib/http/body";
import { json, otherMethods } from "@/lib/http/respond";
import { listMonthJournals } from "@/lib/journals";
import { MonthParamsSchema } from "@/lib/validation/journal";

export const GET = handle("GET /api/journals/month/{year}/{month}", async ({ user, req, params }) => {
  const { year, month } = validate(MonthParamsSchema, params);
  return json(await listMonthJournals({ db: getReadDbFor(req), authorId: user.id, year, month }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
