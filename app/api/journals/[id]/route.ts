import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { validate } from "@/lib/http/body";
import { formFields, formFile, readForm } from "@/lib/http/form";
import { readIfMatch } from "@/lib/http/if-match";
import { json, otherMethods } from "@/lib/http/respond";
import { hashRequest, readIdempotencyKey, runIdempotently } from "@/lib/idempotency";
import { UPDATE_FIELD_MAX } from "@/lib/validation/lock-limits";
import { deleteJournal, updateJournal } from "@/lib/journals";
import { getStorage } from "@/lib/storage";
import { UpdateJournalSchema, entryFormFields } from "@/lib/validation/journal";
import { JOURNAL_UPDATED_MESSAGE } from "@/lib/contract/messages";
import { JOURNAL_DELETED_MESSAGE } from "@/lib/journals/messages";

export const PUT = handle("PUT /api/journals/{id}", async ({ user, req, params }) => {
  const { id } = params;
  const key = readIdempotencyKey(req);
  const ifUnchangedSince = readIfMatch(req);
  // An imported page may be saved as long as it was imported (docs/decisions/097), sealed too (docs/decisions/115).
  const form = await readForm(req, BODY_LIMITS.upload, {
    textFieldMax: UPDATE_FIELD_MAX,
  });
  const input = validate(UpdateJournalSchema, entryFormFields(formFields(form)));
  const image = await formFile(form, "image");
  const sealedImage = await formFile(form, "sealedImage");
  const db = getDb();
  return runIdempotently({
    db,
    userId: user.id,
    key,
    target: `PUT /api/journals/${id}`.slice(0, 200),
    requestHash: await hashRequest({ form, extra: ifUnchangedSince ?? "" }),
    run: async () => {
      const journal = await updateJournal({
        db,
        storage: getStorage(),
        authorId: user.id,
        id,
        input,
        image,
        sealedImage,
        ifUnchangedSince,
      });
      return { status: 200, body: { message: JOURNAL_UPDATED_MESSAGE, journal } };
    },
  });
});

export const DELETE = handle("DELETE /api/journals/{id}", async ({ user, params }) => {
  const { id } = params;
  await deleteJournal({ db: getDb(), storage: getStorage(), authorId: user.id, id });
  return json({ message: JOURNAL_DELETED_MESSAGE });
});

export const { GET, POST, PATCH } = otherMethods("PUT", "DELETE");
