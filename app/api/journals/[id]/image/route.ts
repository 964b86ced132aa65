import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
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
  // No cached copy outlives the signature it was fetched with.
  const cacheFor = (seconds: number) => `private, max-age=${Math.min(seconds, signed?.secondsLeft ?? seconds)}`;
  if ("redirect" in image) {
    // Cached for less time than the presigned URL lives, so a cached redirect never points at an expired URL.
    return new Response(null, {
      status: 302,
      headers: { Location: image.redirect, "Cache-Control": cacheFor(Math.floor(PRESIGNED_IMAGE_SECONDS / 5)) },
    });
  }
  return new Response(new Uint8Array(image.body), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.body.length),
      "Cache-Control": cacheFor(IMAGE_CACHE_SECONDS),
      "X-Content-Type-Options": "nosniff",
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
