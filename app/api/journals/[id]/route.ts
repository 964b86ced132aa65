import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { validate } from "@/lib/http/body";
import { formFields, formFile, readForm } from "@/lib/http/form";
import { json, otherMethods, route } from "@/lib/http/respond";
import { deleteJournal, updateJournal } from "@/lib/journals";
import { getStorage } from "@/lib/storage";
import { UpdateJournalSchema } from "@/lib/validation/journal";

type Context = { params: Promise<{ id: string }> };

export const PUT = route<Context>(async (req, { params }) => {
  const { user } = await requireUser(req);
  const { id } = await params;
  const form = await readForm(req, BODY_LIMITS.upload);
  const input = validate(UpdateJournalSchema, formFields(form));
  const image = await formFile(form, "image");
  const journal = await updateJournal({ db: getDb(), storage: getStorage(), authorId: user.id, id, input, image });
  return json({ message: "Journal updated successfully", journal });
});

export const DELETE = route<Context>(async (req, { params }) => {
  const { user } = await requireUser(req);
  const { id } = await params;
  await deleteJournal({ db: getDb(), storage: getStorage(), authorId: user.id, id });
  return json({ message: "Journal deleted successfully" });
});

export const { GET, POST, PATCH } = otherMethods("PUT", "DELETE");
