import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { getReadDbFor } from "@/lib/http/read-your-writes";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { formFields, formFile, readForm } from "@/lib/http/form";
import { validate } from "@/lib/http/body";
import { json, otherMethods } from "@/lib/http/respond";
import { hashRequest, readIdempotencyKey, runIdempotently } from "@/lib/idempotency";
import { createJournal, listTimeline } from "@/lib/journals";
import { getStorage } from "@/lib/storage";
import { CreateJournalSchema, entryFormFields } from "@/lib/validation/journal";
import { SEALED_CONTENT_MAX } from "@/lib/validation/lock-limits";

export const POST = handle("POST /api/journals", async ({ user, req }) => {
  const key = readIdempotencyKey(req);
  // A locked page's sealed text may be as long as an imported page's (docs/decisions/121): that
  // field alone may be longer than a form's other text fields.
  const form = await readForm(req, BODY_LIMITS.upload, { longFields: { sealedContent: SEALED_CONTENT_MAX } });
  const input = validate(CreateJournalSchema, entryFormFields(formFields(form)));
  const image = await formFile(form, "image");
  const sealedImage = await formFile(form, "sealedImage");
  const db = getDb();
  return runIdempotently({
    db,
    userId: user.id,
    key,
    target: "POST /api/journals",
    requestHash: await hashRequest({ form }),
    run: async () => ({
      status: 201,
      body: await createJournal({ db, storage: getStorage(), authorId: user.id, input, image, sealedImage }),
    }),
  });
});

export const GET = handle("GET /api/journals", async ({ user, query: { limit, cursor }, req }) => {
  return json(await listTimeline({ db: getReadDbFor(req), authorId: user.id, limit, cursor }));
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
