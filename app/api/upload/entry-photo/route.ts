import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { ValidationError } from "@/lib/errors";
import { validate } from "@/lib/http/body";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { formFields, formFile, readForm } from "@/lib/http/form";
import { json, otherMethods } from "@/lib/http/respond";
import { uploadEntryPhoto, uploadSealedEntryPhoto } from "@/lib/journals/photo-upload";
import { PHOTO_MISSING_MESSAGE, PHOTO_ONE_WAY_MESSAGE } from "@/lib/journals/photo-upload-limits";
import { getStorage } from "@/lib/storage";
import { SealedPhotoUploadSchema } from "@/lib/validation/lock";

// A photo for a page not saved yet: readable (`image`), or sealed in the browser for a locked
// page (`sealedImage` with `sealedRevision`, docs/decisions/139).
export const POST = handle("POST /api/upload/entry-photo", async ({ user, req }) => {
  const form = await readForm(req, BODY_LIMITS.upload);
  const image = await formFile(form, "image");
  const sealedImage = await formFile(form, "sealedImage");
  const [db, storage, userId] = [getDb(), getStorage(), user.id];
  if (image && sealedImage)
    throw new ValidationError(PHOTO_ONE_WAY_MESSAGE, [{ path: "sealedImage", message: PHOTO_ONE_WAY_MESSAGE }]);
  if (sealedImage) {
    const { sealedRevision } = validate(SealedPhotoUploadSchema, formFields(form));
    return json(await uploadSealedEntryPhoto({ db, storage, userId, data: sealedImage, revision: sealedRevision }), {
      status: 201,
    });
  }
  if (!image) throw new ValidationError(PHOTO_MISSING_MESSAGE, [{ path: "image", message: PHOTO_MISSING_MESSAGE }]);
  return json(await uploadEntryPhoto({ db, storage, userId, data: image }), { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
