import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { otherMethods, route } from "@/lib/http/respond";
import { getStorage } from "@/lib/storage";
import { getProfileImage, PRESIGNED_PROFILE_IMAGE_SECONDS, PROFILE_IMAGE_CACHE_SECONDS, verifyProfileImageQuery } from "@/lib/users";

// A signed URL (v, u, e, s: docs/decisions/028) speaks for its viewer with no cookie or header;
// without one, the session does (401 without one, as every API call). Any signed-in person may see
// anyone's picture (docs/api.md "Conventions").
export const GET = route<{ params: Promise<{ userId: string }> }>(async (req, { params }) => {
  const db = getDb();
  const { userId } = await params;
  const signed = await verifyProfileImageQuery({ db, ownerId: userId, query: new URL(req.url).searchParams });
  if (!signed) await requireUser(req);
  const image = await getProfileImage({ db, storage: getStorage(), ownerId: userId, signed });
  // No cached copy outlives the signature it was fetched with.
  const cacheFor = (seconds: number) => `private, max-age=${Math.min(seconds, signed?.secondsLeft ?? seconds)}`;
  if ("redirect" in image) {
    // Cached for less time than the presigned URL lives, so a cached redirect never points at an expired URL.
    return new Response(null, {
      status: 302,
      headers: { Location: image.redirect, "Cache-Control": cacheFor(Math.floor(PRESIGNED_PROFILE_IMAGE_SECONDS / 5)) },
    });
  }
  return new Response(new Uint8Array(image.body), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.body.length),
      "Cache-Control": cacheFor(PROFILE_IMAGE_CACHE_SECONDS),
      "X-Content-Type-Options": "nosniff",
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
