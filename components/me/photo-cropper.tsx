"use client";

import { useId, useState } from "react";
import Cropper, { type Area, type Point } from "react-easy-crop";
import "react-easy-crop/react-easy-crop.css";

// Choosing the square of a new profile photo (docs/decisions/130): react-easy-crop's pan and pinch,
// its arrow keys on the focused square, and a zoom slider. Fetched only once a photo is chosen
// (components/me/edit-profile-dialog.tsx). Its stylesheet comes with this module: the library's own
// injected <style> is turned off, which the Content-Security-Policy would refuse anyway.

const ZOOM_MAX = 4;
/** Pixels an arrow key moves the photo, about a thirteenth of the square (a fifth of that with Shift). */
const KEYBOARD_STEP = 20;

type Props = {
  /** The chosen photo's blob: URL. */
  url: string;
  /** Told the chosen square, in the upright photo's own pixels, whenever a move ends. */
  onArea: (area: Area) => void;
};

export function PhotoCropper({ url, onArea }: Props) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const ids = { hint: useId(), zoom: useId() };
  return (
    <fieldset className="flex w-full min-w-0 flex-col gap-2">
      <legend className="sr-only">Your new photo</legend>
      <div className="relative aspect-square w-full max-w-64 self-center overflow-hidden rounded-lg bg-paper-deep">
        <Cropper
          image={url}
          crop={crop}
          zoom={zoom}
          maxZoom={ZOOM_MAX}
          aspect={1}
          cropShape="round"
          showGrid={false}
          keyboardStep={KEYBOARD_STEP}
          disableAutomaticStylesInjection
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => onArea(pixels)}
          mediaProps={{ alt: "Your new profile photo" }}
          classes={{
            cropAreaClassName: "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus",
          }}
          cropperProps={{
            role: "group",
            "aria-label": "What your profile photo shows",
            "aria-describedby": ids.hint,
          }}
        />
      </div>
      <p id={ids.hint} className="text-xs text-ink-soft">
        Drag the photo, or focus it and use the arrow keys, to choose what the circle shows.
      </p>
      <div className="flex items-center gap-3">
        <label htmlFor={ids.zoom} className="text-sm font-medium text-ink">
          Zoom
        </label>
        <input
          id={ids.zoom}
          type="range"
          min={1}
          max={ZOOM_MAX}
          step={0.05}
          value={zoom}
          aria-valuetext={`${Math.round(zoom * 100)} %`}
          onChange={(e) => setZoom(Number(e.target.value))}
          className="min-w-0 flex-1 accent-accent"
        />
      </div>
    </fieldset>
  );
}
