import "server-only";

/** What the image routes serve: the bytes, or (with S3) a presigned URL to send the browser to. */
export type ServedImage = { redirect: string } | { body: Uint8Array; contentType: string };

/**
 * The answer of an image route (an entry's photo, a profile picture): the bytes, or a redirect to
 * the presigned URL. Cached privately, never beyond the signed URL it was fetched with
 * (`secondsLeft`), and a redirect for less time than the presigned URL lives (`presignedSeconds`),
 * so a cached redirect never points at an expired URL.
 */
export function imageResponse(
  image: ServedImage,
  {
    cacheSeconds,
    presignedSeconds,
    secondsLeft,
  }: { cacheSeconds: number; presignedSeconds: number; secondsLeft: number | undefined },
): Response {
  const cacheFor = (seconds: number) => `private, max-age=${Math.min(seconds, secondsLeft ?? seconds)}`;
  if ("redirect" in image) {
    return new Response(null, {
      status: 302,
      headers: { Location: image.redirect, "Cache-Control": cacheFor(Math.floor(presignedSeconds / 5)) },
    });
  }
  return new Response(new Uint8Array(image.body), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.body.length),
      "Cache-Control": cacheFor(cacheSeconds),
      "X-Content-Type-Options": "nosniff",
    },
  });
}
