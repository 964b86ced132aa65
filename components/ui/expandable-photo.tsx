"use client";

import { useState } from "react";
import { onDemand } from "./on-demand";
import { PhotoFrame, frameWidth, type PhotoSize } from "./photo-frame";

// The full-screen viewer is fetched once the page has hydrated, not with it (docs/performance.md,
// "First-load JavaScript"): no photo is open at first paint.
const lightbox = onDemand(() => import("./photo-lightbox"));

/**
 * A saved photo on a page or a card: a button that opens it full screen (./photo-lightbox.tsx). Its
 * name is the photo's own description, then what the button does.
 */
export function ExpandablePhoto({ src, alt, size }: { src: string; alt: string; size: PhotoSize }) {
  const [open, setOpen] = useState(false);
  const loaded = lightbox.useLoaded(open);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        style={{ width: frameWidth(size) }}
        className="block cursor-zoom-in rounded-md focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        <PhotoFrame src={src} alt={alt} size={size} />
        <span className="sr-only">(open full screen)</span>
      </button>
      {loaded ? <loaded.PhotoLightbox open={open} src={src} alt={alt} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
