"use client";

import Image from "next/image";
import { useState } from "react";
import { onDemand } from "./on-demand";
import { PhotoFrame, frameWidth, type PhotoSize } from "./photo-frame";
import type { LightboxSlide } from "./photo-lightbox";

// The full-screen viewer is fetched once the page has hydrated, not with it (docs/performance.md,
// "First-load JavaScript"): no photo is open at first paint.
const lightbox = onDemand(() => import("./photo-lightbox"));

const OPENS = "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent";

/**
 * A page's saved photos on a page or a card (docs/decisions/133): the cover, and the others as a
 * row of small ones after it; each a button that opens the photos full screen at that one
 * (./photo-lightbox.tsx), where a swipe or the arrow keys go on to the next. A button's name is its
 * photo's own description, then what it does.
 */
export function ExpandablePhotos({ photos, size }: { photos: LightboxSlide[]; size: PhotoSize }) {
  const [open, setOpen] = useState<number | null>(null);
  const loaded = lightbox.useLoaded(open !== null);
  const [cover, ...more] = photos;
  if (!cover) return null;
  const of = (index: number) => (more.length ? `, photo ${index + 1} of ${photos.length}` : "");
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(0)}
        style={{ width: frameWidth(size) }}
        className={`block cursor-zoom-in rounded-md ${OPENS}`}
      >
        <PhotoFrame src={cover.src} alt={cover.alt} size={size} />
        <span className="sr-only">(open full screen{of(0)})</span>
      </button>
      {more.length ? (
        <ul aria-label="More photos" className="mt-2 flex flex-wrap gap-2">
          {more.map((photo, i) => (
            <li key={photo.src}>
              <button
                type="button"
                onClick={() => setOpen(i + 1)}
                className={`relative block size-16 cursor-zoom-in overflow-hidden rounded-md border border-ink-soft/20 sm:size-20 ${OPENS}`}
              >
                <Image src={photo.src} alt={photo.alt} fill unoptimized sizes="5rem" className="object-cover" />
                <span className="sr-only">(open full screen{of(i + 1)})</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {loaded ? (
        <loaded.PhotoLightbox open={open !== null} slides={photos} index={open ?? 0} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}
