import { requireUser } from "@/lib/auth/request";
import { getReadDbFor } from "@/lib/http/read-your-writes";
import { validate } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { listMonthJournals } from "@/lib/journals";
import { MonthParamsSchema } from "@/lib/validation/journal";

export const GET = route<{ params: Promise<{ year: string; month: string }> }>(async (req, { params }) => {
  const { user } = await requireUser(req);
  const { year, month } = validate(MonthParamsSchema, await params);
  return json(await listMonthJournals({ db: getReadDbFor(req), authorId: user.id, year, month }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
