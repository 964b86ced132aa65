import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { imageResponse } from "@/lib/http/image-response";
import { otherMethods, route } from "@/lib/http/respond";
import { getJournalImage, IMAGE_CACHE_SECONDS, PRESIGNED_IMAGE_SECONDS, verifyJournalImageQuery } from "@/lib/journals";
import { getStorage } from "@/lib/storage";

// A signed URL (u, e, s: docs/decisions/024) speaks for its viewer with no cookie or header;
// without one, the session does (401 without one, as every API call). Either way the viewer's right
// to the photo is checked now.
export const GET = route<{ params: Promise<{ id: string }> }>(async (req, { params }) => {
  const db = getDb();
  const { id } = await params;
  const signed = await verifyJournalImageQuery({ db, id, query: new URL(req.url).searchParams });
  const viewerId = signed?.viewerId ?? (await requireUser(req)).user.id;
  const image = await getJournalImage({ db, storage: getStorage(), viewerId, id, version: signed?.version });
  return imageResponse(image, {
    cacheSeconds: IMAGE_CACHE_SECONDS,
    presignedSeconds: PRESIGNED_IMAGE_SECONDS,
    secondsLeft: signed?.secondsLeft,
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
