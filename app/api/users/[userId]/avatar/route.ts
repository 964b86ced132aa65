import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { imageResponse } from "@/lib/http/image-response";
import { otherMethods, route } from "@/lib/http/respond";
import { getStorage } from "@/lib/storage";
import {
  getProfileImage,
  PRESIGNED_PROFILE_IMAGE_SECONDS,
  PROFILE_IMAGE_CACHE_SECONDS,
  verifyProfileImageQuery,
} from "@/lib/users";

// A signed URL (v, u, e, s: docs/decisions/028) speaks for its viewer with no cookie or header;
// without one, the session does (401 without one, as every API call). Any signed-in person may see
// anyone's picture (docs/api.md "Conventions").
export const GET = route<{ params: Promise<{ userId: string }> }>(async (req, { params }) => {
  const db = getDb();
  const { userId } = await params;
  const signed = await verifyProfileImageQuery({ db, ownerId: userId, query: new URL(req.url).searchParams });
  if (!signed) await requireUser(req);
  const image = await getProfileImage({ db, storage: getStorage(), ownerId: userId, signed });
  return imageResponse(image, {
    cacheSeconds: PROFILE_IMAGE_CACHE_SECONDS,
    presignedSeconds: PRESIGNED_PROFILE_IMAGE_SECONDS,
    secondsLeft: signed?.secondsLeft,
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
