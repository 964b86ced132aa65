"use client";

import Lightbox from "yet-another-react-lightbox";
import Zoom from "yet-another-react-lightbox/plugins/zoom";
import "yet-another-react-lightbox/styles.css";

export interface PhotoLightboxProps {
  open: boolean;
  src: string;
  alt: string;
  onClose: () => void;
}

/**
 * A photo full screen (docs/product.md "Photos", docs/decisions/111): yet-another-react-lightbox
 * with its Zoom plugin. Pinch, double tap, the wheel or the Zoom buttons zoom; a swipe down, a tap
 * beside the photo, Close or Escape closes it, and the focus goes back to where it was.
 */
export function PhotoLightbox({ open, src, alt, onClose }: PhotoLightboxProps) {
  return (
    <Lightbox
      open={open}
      close={onClose}
      slides={[{ src, alt }]}
      plugins={[Zoom]}
      zoom={{ maxZoomPixelRatio: 3, scrollToZoom: true }}
      carousel={{ finite: true }}
      controller={{ closeOnPullDown: true, closeOnBackdropClick: true }}
      render={{ buttonPrev: () => null, buttonNext: () => null }}
      labels={{ Lightbox: `Photo: ${alt}`, Close: "Close the photo", "Zoom in": "Zoom in", "Zoom out": "Zoom out" }}
    />
  );
}
