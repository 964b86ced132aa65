import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { validate } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { getJournalByDate } from "@/lib/journals";
import { calendarDateField } from "@/lib/validation/journal";

export const GET = route<{ params: Promise<{ date: string }> }>(async (req, { params }) => {
  const { user } = await requireUser(req);
  const date = validate(calendarDateField, (await params).date);
  return json(await getJournalByDate({ db: getDb(), authorId: user.id, date }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
