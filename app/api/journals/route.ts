import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { getReadDbFor } from "@/lib/db/read-your-writes";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { formFields, formFile, readForm } from "@/lib/http/form";
import { validate } from "@/lib/http/body";
import { json, otherMethods, route } from "@/lib/http/respond";
import { createJournal, listTimeline } from "@/lib/journals";
import { TimelineQuerySchema } from "@/lib/validation/diary";
import { getStorage } from "@/lib/storage";
import { CreateJournalSchema } from "@/lib/validation/journal";

export const POST = route(async (req) => {
  const { user } = await requireUser(req);
  const form = await readForm(req, BODY_LIMITS.upload);
  const input = validate(CreateJournalSchema, formFields(form));
  const image = await formFile(form, "image");
  const journal = await createJournal({ db: getDb(), storage: getStorage(), authorId: user.id, input, image });
  return json(journal, { status: 201 });
});

export const GET = route(async (req) => {
  const { user } = await requireUser(req);
  const { limit, cursor } = validate(TimelineQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  return json(await listTimeline({ db: getReadDbFor(req), authorId: user.id, limit, cursor }));
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
