// A page's photos as the screens show them: plain functions, for the feed's card and the diary's page.

/** A photo's alt text: the writer's description, or what it is the photo of. */
export function photoAlt({ imageDescription, title }: { imageDescription?: string | null; title: string }): string {
  return imageDescription?.trim() || `Photo for “${title}”`;
}

/**
 * A page's photos to show, in its order, each with its alt text (docs/decisions/133): each URL of
 * `images` with the description at the same place of `photos` (docs/decisions/138), or, from an
 * answer without them (a locked page opened in the browser, a copy kept offline before they came),
 * the first of `images`.
 */
export function pageSlides(page: {
  title: string;
  images: string[];
  imageDescription?: string | null;
  photos?: { description: string | null }[];
}): { src: string; alt: string }[] {
  const photos = page.photos ?? [];
  const shown = photos.length ? page.images.slice(0, photos.length) : page.images.slice(0, 1);
  return shown.map((src, i) => ({
    src,
    alt: photos[i]?.description?.trim() || (i === 0 ? photoAlt(page) : `Photo ${i + 1} for “${page.title}”`),
  }));
}
