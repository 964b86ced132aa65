import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { ValidationError } from "@/lib/errors";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { formFile, readForm } from "@/lib/http/form";
import { json, otherMethods } from "@/lib/http/respond";
import { getStorage } from "@/lib/storage";
import { uploadProfileImage } from "@/lib/users";
import { PROFILE_IMAGE_MISSING_MESSAGE } from "@/lib/users/messages";

export const POST = handle("POST /api/upload/profile-image", async ({ user, req }) => {
  const image = await formFile(await readForm(req, BODY_LIMITS.upload), "image");
  if (!image) throw new ValidationError(PROFILE_IMAGE_MISSING_MESSAGE);
  return json(await uploadProfileImage({ db: getDb(), storage: getStorage(), ownerId: user.id, data: image }));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
