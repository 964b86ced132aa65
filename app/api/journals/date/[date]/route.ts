import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { validate } from "@/lib/http/body";
import { json, otherMethods } from "@/lib/http/respond";
import { getJournalByDate } from "@/lib/journals";
import { calendarDateField } from "@/lib/validation/journal";

export const GET = handle("GET /api/journals/date/{date}", async ({ user, params }) => {
  const date = validate(calendarDateField, params.date);
  return json(await getJournalByDate({ db: getDb(), authorId: user.id, date }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
