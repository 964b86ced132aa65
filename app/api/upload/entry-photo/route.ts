import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { ValidationError } from "@/lib/errors";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { formFile, readForm } from "@/lib/http/form";
import { json, otherMethods } from "@/lib/http/respond";
import { uploadEntryPhoto } from "@/lib/journals/photo-upload";
import { PHOTO_MISSING_MESSAGE } from "@/lib/journals/photo-upload-limits";
import { getStorage } from "@/lib/storage";

export const POST = handle("POST /api/upload/entry-photo", async ({ user, req }) => {
  const image = await formFile(await readForm(req, BODY_LIMITS.upload), "image");
  if (!image) throw new ValidationError(PHOTO_MISSING_MESSAGE, [{ path: "image", message: PHOTO_MISSING_MESSAGE }]);
  return json(await uploadEntryPhoto({ db: getDb(), storage: getStorage(), userId: user.id, data: image }), {
    status: 201,
  });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
