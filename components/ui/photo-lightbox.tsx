"use client";

import Lightbox from "yet-another-react-lightbox";
import Zoom from "yet-another-react-lightbox/plugins/zoom";
import "yet-another-react-lightbox/styles.css";

export interface LightboxSlide {
  src: string;
  alt: string;
}

export interface PhotoLightboxProps {
  open: boolean;
  slides: LightboxSlide[];
  /** The photo it opens on. */
  index: number;
  onClose: () => void;
}

/**
 * A page's photos full screen (docs/product.md "Photos", docs/decisions/111, 133):
 * yet-another-react-lightbox with its Zoom plugin. Pinch, double tap, the wheel or the Zoom buttons
 * zoom; with several photos a swipe, the arrow keys or Previous and Next go from one to the next;
 * a swipe down, a tap beside the photo, Close or Escape closes it, and the focus goes back to where
 * it was.
 */
export function PhotoLightbox({ open, slides, index, onClose }: PhotoLightboxProps) {
  const several = slides.length > 1;
  return (
    <Lightbox
      open={open}
      close={onClose}
      index={index}
      slides={slides}
      plugins={[Zoom]}
      zoom={{ maxZoomPixelRatio: 3, scrollToZoom: true }}
      carousel={{ finite: true }}
      controller={{ closeOnPullDown: true, closeOnBackdropClick: true }}
      render={several ? {} : { buttonPrev: () => null, buttonNext: () => null }}
      labels={{
        Lightbox: several ? "Photos" : `Photo: ${slides[0]?.alt ?? ""}`,
        Carousel: "Photos",
        Slide: "Photo",
        "Photo gallery": "Photos",
        "{index} of {total}": "Photo {index} of {total}",
        Close: "Close the photo",
        Previous: "Previous photo",
        Next: "Next photo",
        "Zoom in": "Zoom in",
        "Zoom out": "Zoom out",
      }}
    />
  );
}
