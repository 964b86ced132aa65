import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { imageResponse } from "@/lib/http/image-response";
import { otherMethods, route } from "@/lib/http/respond";
import { IMAGE_CACHE_SECONDS, PRESIGNED_IMAGE_SECONDS } from "@/lib/journals";
import { getVersionImage, verifyVersionImageQuery } from "@/lib/journals/versions";
import { getStorage } from "@/lib/storage";

// As a page's photo (../../../image/route.ts): a signed URL speaks for its viewer, else the session;
// either way only the version's writer gets it.
export const GET = route<{ params: Promise<{ id: string; versionId: string }> }>(async (req, { params }) => {
  const db = getDb();
  const { versionId } = await params;
  const signed = await verifyVersionImageQuery({ db, id: versionId, query: new URL(req.url).searchParams });
  const viewerId = signed?.viewerId ?? (await requireUser(req)).user.id;
  const image = await getVersionImage({ db, storage: getStorage(), viewerId, versionId, version: signed?.version });
  return imageResponse(image, {
    cacheSeconds: IMAGE_CACHE_SECONDS,
    presignedSeconds: PRESIGNED_IMAGE_SECONDS,
    secondsLeft: signed?.secondsLeft,
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
