import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { otherMethods, route } from "@/lib/http/respond";
import { getJournalImage, IMAGE_CACHE_SECONDS, PRESIGNED_IMAGE_SECONDS } from "@/lib/journals";
import { getStorage } from "@/lib/storage";

export const GET = route<{ params: Promise<{ id: string }> }>(async (req, { params }) => {
  const { user } = await requireUser(req);
  const image = await getJournalImage({ db: getDb(), storage: getStorage(), viewerId: user.id, id: (await params).id });
  if ("redirect" in image) {
    // Cached for less time than the presigned URL lives, so a cached redirect never points at an expired URL.
    return new Response(null, {
      status: 302,
      headers: { Location: image.redirect, "Cache-Control": `private, max-age=${Math.floor(PRESIGNED_IMAGE_SECONDS / 5)}` },
    });
  }
  return new Response(new Uint8Array(image.body), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.body.length),
      "Cache-Control": `private, max-age=${IMAGE_CACHE_SECONDS}`,
      "X-Content-Type-Options": "nosniff",
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
